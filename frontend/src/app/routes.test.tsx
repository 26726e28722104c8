import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { Providers } from "./providers";
import { createQueryClient } from "./query-client";
import { routes } from "./routes";

const fetchSpy = spyOnFetch();

function start(url: string) {
  fetchSpy.mockImplementation(() => new Promise(() => undefined)); // pages may stay loading
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("routes", () => {
  it.each([
    ["/za", "/za/cape-town"],
    ["/AU", "/au/sydney"],
    ["/gb", "/gb/london"],
    ["/ca", "/ca/toronto"],
    ["/nz", "/nz/auckland"],
    ["/es", "/es/madrid"],
    ["/materials", "/scrap-metal-prices"],
  ])("sends %s on to %s", async (from, to) => {
    const router = start(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each(["/no-such-page", "/a/b/c", "/xx"])("shows the 404 page for %s", async (url) => {
    start(url);
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
  });
});
