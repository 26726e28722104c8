import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, page, renderConsole, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();

/** A screen narrower than Tailwind's `sm` breakpoint, as a phone's. */
function onAPhone() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: !query.includes("min-width"),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe("the audit log on a phone", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is a list of entries, each saying what, to what, who, when and the change", async () => {
    onAPhone();
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/audit-log": page([
        {
          id: 1,
          actor: "ops@example.com",
          action: "price-report.reject",
          entityType: "price-report",
          entityId: "7",
          before: { status: "pending", reviewReason: null },
          after: { status: "rejected", reviewReason: "Checked-against-the-yard's-board" },
          createdAt: "2026-11-25T12:00:00Z",
        },
      ]),
    });
    renderConsole("/admin/audit");
    const log = await screen.findByRole("list", { name: "Audit log" }, WAIT);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const [entry] = within(log).getAllByRole("listitem");
    const item = within(entry as HTMLElement);
    expect(item.getByText("price-report.reject")).toBeInTheDocument();
    expect(item.getByText("price-report #7 · ops@example.com")).toBeInTheDocument();
    expect(item.getByText(/^Nov 25, 2026, 12:00 PM \S+$/)).toBeInTheDocument();
    const after = item.getAllByRole("insertion").map((change) => change.textContent);
    expect(after).toEqual(["rejected", "Checked-against-the-yard's-board"]);
  });
});
