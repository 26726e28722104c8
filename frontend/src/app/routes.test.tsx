import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import table from "../../../content/routes.json";
import { Providers } from "./providers";
import { createQueryClient } from "./query-client";
import { PAGE_MODULES, routes } from "./routes";

const fetchSpy = spyOnFetch();
// A page's chunk is transformed on first use: give it longer than the 1 s default on a busy machine.
const WAIT = { timeout: 4000 };

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
    await waitFor(() => expect(router.state.location.pathname).toBe(to), WAIT);
  });

  it("serves the operator console at /admin/* without the public header and footer", async () => {
    start("/admin/inbox");
    expect(await screen.findByText("Checking your session…", {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });

  it.each(["/no-such-page", "/a/b/c", "/xx"])("shows the 404 page for %s", async (url) => {
    start(url);
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" }, WAIT)).toBeInTheDocument();
  });
});

describe("the route table shared with the server (content/routes.json)", () => {
  const modules = table.routes.flatMap((route) => {
    const entry = route as { module?: string; region?: { module: string } };
    return [entry.module, entry.region?.module].filter((module): module is string => Boolean(module));
  });

  it("names exactly the page modules the router can load", () => {
    expect([...new Set(modules)].sort()).toEqual(Object.keys(PAGE_MODULES).sort());
  });

  it("gives every route of the table to the router, in the table's order", () => {
    const children = routes[0]?.children ?? [];
    expect(children.map((child) => (child.index ? "/" : `/${child.path}`))).toEqual(
      table.routes.map((route) => (route.path === "*" ? "/*" : route.path)),
    );
  });

  it.each(Object.entries(PAGE_MODULES))("loads %s", async (_, load) => {
    expect((await load()).Component).toBeTypeOf("function");
  });
});
