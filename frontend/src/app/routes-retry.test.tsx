import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { spyOnFetch } from "@/test/network";
import { Providers } from "./providers";
import { createQueryClient } from "./query-client";
import { routes } from "./routes";

// The About page's code cannot be downloaded until the test says so, as when the browser is
// offline or the server is away (the browser's TypeError and its wording are page-states.test's).
const download = vi.hoisted(() => ({ works: false, attempts: 0 }));
vi.mock("@/pages/static/about", () => {
  download.attempts += 1;
  if (!download.works) throw new TypeError("Failed to fetch dynamically imported module: /assets/about-x1.js");
  return { Component: () => <h1>About ScrapIndex</h1> };
});

const fetchSpy = spyOnFetch();
const WAIT = { timeout: 4000 };

describe("a page whose code cannot be downloaded", () => {
  it("says so inside the site's layout, with Try again that downloads it again", async () => {
    fetchSpy.mockImplementation(() => new Promise(() => undefined));
    vi.spyOn(console, "error").mockImplementation(() => undefined); // React and the boundary log it
    const user = userEvent.setup();
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ["/about"] })} />
      </Providers>,
    );
    const alert = await screen.findByRole("alert", {}, WAIT);
    expect(within(alert).getByRole("heading", { level: 1 })).toHaveTextContent("This page could not be loaded");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(download.attempts).toBe(1); // failed once, not downloaded again and again

    download.works = true;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "About ScrapIndex" }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.getElementById("main-content"));
  });
});
