import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { MockInstance } from "vitest";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import type { AdminPriceReport, ImportRunDetail, Page, Session } from "./api/types";
import { Component as Console } from "./index";

export const ADMIN: Session = { user: { id: 1, email: "ops@example.com", role: "admin" }, csrfToken: "csrf-123" };
export const MODERATOR: Session = {
  user: { id: 2, email: "mod@example.com", role: "moderator" },
  csrfToken: "csrf-456",
};
export const WAIT = { timeout: 4000 };

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

export function page<T>(data: T[]): Page<T> {
  return { data, pagination: { page: 1, limit: 25, pages: 1, total: data.length } };
}

type Answer = unknown | ((request: Request) => Response | Promise<Response>);

/**
 * Answers the console's calls by "METHOD /path" (a body is a 200 JSON answer, a function makes
 * the Response); anything else is 404. Returns every request made, for assertions.
 */
export function serve(spy: MockInstance<typeof fetch>, routes: Record<string, Answer>): Request[] {
  const requests: Request[] = [];
  spy.mockImplementation(async (input) => {
    const request = input as Request;
    requests.push(request.clone());
    const answer = routes[`${request.method} ${new URL(request.url).pathname}`];
    if (answer === undefined) return json({ message: "Not found" }, 404);
    return typeof answer === "function" ? answer(request) : json(answer);
  });
  return requests;
}

/** The requests made to one "METHOD /path". */
export function sent(requests: Request[], key: string): Request[] {
  return requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key);
}

export function renderConsole(url: string) {
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: "/admin/*", element: <Console /> }], { initialEntries: [url] });
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { client, router };
}

export const REPORT: AdminPriceReport = {
  id: 7,
  material: { slug: "copper", name: "Copper", saleUnit: "kg" },
  city: { slug: "cape-town", name: "Cape Town", countryCode: "ZA", timeZone: "Africa/Johannesburg" },
  yard: null,
  price: "520.00",
  unit: "kg",
  currency: "ZAR",
  pricePerKg: "520.00",
  currentPricePerKg: "154.90",
  baselinePerKg: "154.90",
  baselineRatio: "3.36",
  sender: "3f9a1c2e",
  senderPending: 1,
  senderApproved: 0,
  reportDate: "2026-11-24",
  note: "Paid at the gate",
  status: "pending",
  flagged: true,
  flagReason: "3.4x its latest feed or manual price (R154.90/kg on 2026-11-24)",
  reviewReason: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: "2026-11-25T08:00:00Z",
};

export const RUN: ImportRunDetail = {
  id: 5,
  kind: "prices",
  fileName: "prices-2026-11-25.csv",
  trigger: "inbox",
  status: "outliers",
  rows: 120,
  inserted: 0,
  updated: 0,
  outliers: 3,
  problemCount: 3,
  startedAt: "2026-11-25T06:00:00Z",
  finishedAt: "2026-11-25T06:00:02Z",
  canOverride: true,
  problems: ["line 4: copper 9x the current price", "line 9: brass 5x", "line 30: lead 1/4"],
};

export const SESSION_SUMMARY = {
  pendingReports: 4,
  flaggedReports: 1,
  pendingSuggestions: 2,
  unhandledMessages: 2,
  subscribers: 310,
  runsAwaitingOverride: 1,
};
