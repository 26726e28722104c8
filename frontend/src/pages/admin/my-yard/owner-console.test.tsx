import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, json, renderConsole, SESSION_SUMMARY, serve, WAIT } from "../test-fixtures";
import { MY_YARD, OWNER, YARD_ITEM } from "./test-fixtures";

// One console, two kinds of account: an owner sees only their yards' screens, an operator no
// "my yard" screen.
const fetchSpy = spyOnFetch();

const nav = () => within(screen.getByRole("navigation", { name: "Console" }));

describe("the console for a yard's owner", () => {
  it("goes from the console's start straight to the owner's one yard, with only the owner's screens", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": OWNER,
      "GET /api/owner/yards": [YARD_ITEM],
      "GET /api/owner/yards/1": MY_YARD,
    });
    const { router } = renderConsole("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Pioneer Metal Traders" }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/my-yard/1");
    expect(
      nav()
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["My yard"]);
    expect(nav().getByRole("link", { name: "My yard" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("ScrapIndex for yard owners")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Your yard's public page" })).toHaveAttribute("href", "/scrap-yard/1");
  });

  it("lists the owner's yards when there are several", async () => {
    const second = { ...YARD_ITEM, id: 4, name: "Selby Scrap" };
    serve(fetchSpy, { "GET /api/auth/me": OWNER, "GET /api/owner/yards": [YARD_ITEM, second] });
    renderConsole("/admin/my-yard");
    expect(await screen.findByRole("link", { name: /Selby Scrap/ }, WAIT)).toHaveAttribute("href", "/admin/my-yard/4");
    expect(screen.getByRole("link", { name: /Pioneer Metal Traders/ })).toHaveAttribute("href", "/admin/my-yard/1");
  });

  it("shows an owner no operator screen", async () => {
    const requests = serve(fetchSpy, { "GET /api/auth/me": OWNER });
    renderConsole("/admin/queue/reports");
    expect(await screen.findByText("No such screen in the console.", {}, WAIT)).toBeInTheDocument();
    expect(requests.some((request) => new URL(request.url).pathname.startsWith("/api/admin/"))).toBe(false);
  });

  it("says the server's refusal of another's yard", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": OWNER,
      "GET /api/owner/yards/3": () => json({ message: "This yard is not yours." }, 403),
    });
    renderConsole("/admin/my-yard/3");
    expect(await screen.findByText("This yard is not yours.", {}, WAIT)).toBeInTheDocument();
  });
});

describe("the console for an operator", () => {
  it("has the yard claims and owners screens and no 'my yard'", async () => {
    serve(fetchSpy, { "GET /api/auth/me": ADMIN, "GET /api/admin/summary": SESSION_SUMMARY });
    renderConsole("/admin/my-yard/1");
    expect(await screen.findByText("No such screen in the console.", {}, WAIT)).toBeInTheDocument();
    const links = nav()
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links).toContain("Yard claims");
    expect(links).toContain("Yard owners");
    expect(links).not.toContain("My yard");
  });
});
