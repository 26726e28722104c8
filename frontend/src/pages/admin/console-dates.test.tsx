// The console says dates one way (lib/format): a calendar day as a day, a moment with its zone.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import type { AdminPriceReport } from "./api/types";
import { ADMIN, MODERATOR, page, REPORT, renderConsole, serve, WAIT } from "./test-fixtures";

const fetchSpy = spyOnFetch();

// Paid on Nov 27 in Auckland, received at 22:00 UTC on Nov 26: 11 AM on Nov 27 in Auckland.
const AUCKLAND_REPORT: AdminPriceReport = {
  ...REPORT,
  city: { slug: "auckland", name: "Auckland", countryCode: "NZ", timeZone: "Pacific/Auckland" },
  currency: "NZD",
  reportDate: "2026-11-27",
  createdAt: "2026-11-26T22:00:00Z",
};

/** "Nov 27, 2026, 11:00 AM" and a zone's name: the one style of a moment. */
const MOMENT = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z][A-Za-z0-9+:-]*$/;

async function reportCard(report: AdminPriceReport, status = "") {
  serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/price-reports": page([report]) });
  renderConsole(`/admin/queue/reports${status}`);
  const heading = await screen.findByRole("heading", { name: `Copper in ${report.city.name}` }, WAIT);
  return within(heading.closest("article") as HTMLElement);
}

describe("dates in a report card", () => {
  it("says the day paid as a day of the city, and when it came in, in the city's time, zone named", async () => {
    const card = await reportCard(AUCKLAND_REPORT);
    expect(card.getByText(/^Received /)).toHaveTextContent("Received Nov 27, 2026, 11:00 AM NZDT");
    const paid = card.getByText("Paid on:").closest("div") as HTMLElement;
    expect(paid).toHaveTextContent("Paid on:Nov 27, 2026 (a day in Auckland)");
  });

  it("says when a report was decided in the same time and style", async () => {
    const decided = {
      ...AUCKLAND_REPORT,
      status: "approved" as const,
      reviewedBy: "ops@example.com",
      reviewedAt: "2026-11-26T22:05:00Z",
    };
    const card = await reportCard(decided, "?status=approved");
    expect(card.getByText(/^Approved by/)).toHaveTextContent(
      "Approved by ops@example.com on Nov 27, 2026, 11:05 AM NZDT",
    );
  });
});

describe("moments elsewhere in the console", () => {
  it("name their time zone", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/audit-log": page([
        {
          id: 1,
          actor: "ops@example.com",
          action: "price-report.approve",
          entityType: "price_report",
          entityId: "7",
          before: { status: "pending" },
          after: { status: "approved" },
          createdAt: "2026-11-25T12:00:00Z",
        },
      ]),
    });
    renderConsole("/admin/audit");
    const row = (await screen.findByText("price-report.approve", {}, WAIT)).closest("tr") as HTMLElement;
    const when = row.querySelector("td")?.textContent ?? "";
    expect(when).toMatch(MOMENT);
  });
});
