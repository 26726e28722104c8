import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, page, renderConsole, sent, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();
const SUBSCRIBERS = [
  { id: 1, email: "anna@example.com", createdAt: "2026-11-20T10:00:00Z" },
  { id: 2, email: "ben@example.com", createdAt: "2026-11-21T10:00:00Z" },
];

describe("newsletter subscribers", () => {
  it("removes a subscriber only after the confirmation", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/newsletter-subscribers": page(SUBSCRIBERS),
      "DELETE /api/admin/newsletter-subscribers/2": () => new Response(null, { status: 204 }),
    });
    renderConsole("/admin/subscribers");
    const user = userEvent.setup();
    expect(await screen.findByText("2 subscribers", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/admin/newsletter-subscribers.csv",
    );

    await user.click(screen.getByRole("button", { name: "Remove ben@example.com" }));
    expect(screen.getByRole("alertdialog", { name: "Remove this subscriber?" })).toHaveTextContent("ben@example.com");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(sent(requests, "DELETE /api/admin/newsletter-subscribers/2")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Remove ben@example.com" }));
    await user.click(screen.getByRole("button", { name: "Remove subscriber" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument(), WAIT);
    const [removal] = sent(requests, "DELETE /api/admin/newsletter-subscribers/2");
    expect(removal?.headers.get("X-CSRF-Token")).toBe("csrf-123");
  });

  it("searches through the server and sorts the page by e-mail", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/newsletter-subscribers": page(SUBSCRIBERS),
    });
    renderConsole("/admin/subscribers");
    const user = userEvent.setup();
    await screen.findByText("2 subscribers", {}, WAIT);
    const emails = () =>
      screen
        .getAllByRole("row")
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent);
    expect(emails()).toEqual(["ben@example.com", "anna@example.com"]); // newest first
    await user.click(screen.getByRole("button", { name: "E-mail" }));
    expect(emails()).toEqual(["anna@example.com", "ben@example.com"]);

    await user.type(screen.getByRole("searchbox", { name: "Search by e-mail" }), "ann");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => {
      const asked = sent(requests, "GET /api/admin/newsletter-subscribers").map((r) =>
        new URL(r.url).searchParams.get("q"),
      );
      expect(asked).toContain("ann");
    }, WAIT);
  });
});
