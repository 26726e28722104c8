import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, json, page, renderConsole, serve, WAIT } from "../test-fixtures";
import { changedFields } from "./diff";

const fetchSpy = spyOnFetch();

describe("the audit log", () => {
  it("shows who did what to which entity, with only the changed fields", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/audit-log": page([
        {
          id: 1,
          actor: "ops@example.com",
          action: "price-report.approve",
          entityType: "price_report",
          entityId: "7",
          before: { status: "pending", price: "52.00" },
          after: { status: "approved", price: "52.00" },
          createdAt: "2026-11-25T12:00:00Z",
        },
      ]),
    });
    renderConsole("/admin/audit");
    expect(await screen.findByText("price-report.approve", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("price_report #7")).toBeInTheDocument();
    expect(screen.getByRole("deletion")).toHaveTextContent("pending");
    expect(screen.getByRole("insertion")).toHaveTextContent("approved");
    expect(screen.queryByText("52.00")).not.toBeInTheDocument();
  });

  it("shows the server's message on a 403", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/audit-log": () => json({ message: "Your account may not do this." }, 403),
    });
    renderConsole("/admin/audit");
    expect(await screen.findByRole("alert", {}, WAIT)).toHaveTextContent("Your account may not do this.");
  });

  it("diffs before and after, added and removed fields too", () => {
    expect(changedFields({ a: 1, b: "x" }, { a: 2, b: "x", c: ["y"] })).toEqual([
      { field: "a", before: "1", after: "2" },
      { field: "c", before: "—", after: '["y"]' },
    ]);
    expect(changedFields(null, null)).toEqual([]);
  });
});
