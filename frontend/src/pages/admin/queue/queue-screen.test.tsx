import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import type { AdminPriceReport, AdminYardSuggestion } from "../api/types";
import { ADMIN, json, MODERATOR, page, REPORT, renderConsole, sent, serve, WAIT } from "../test-fixtures";
import { fieldText, yardFields } from "./suggestion-queue";

const fetchSpy = spyOnFetch();

const SUGGESTION: AdminYardSuggestion = {
  id: 11,
  yard: { id: 3, name: "Jozi Metals", citySlug: "johannesburg", cityName: "Johannesburg" },
  changes: { phone: "+27 11 555 0100", permanentlyClosed: true },
  current: { phone: "+27 11 555 0000", permanentlyClosed: false },
  before: null,
  email: "seller@example.com",
  note: "New number since October",
  status: "pending",
  reviewReason: null,
  reviewedBy: null,
  reviewedAt: null,
  revertedBy: null,
  revertedAt: null,
  revertReason: null,
  createdAt: "2026-11-25T09:00:00Z",
};

function serveReports(decision: (request: Request) => Response = () => json({ ...REPORT, status: "approved" })) {
  return serve(fetchSpy, {
    "GET /api/auth/me": MODERATOR,
    "GET /api/admin/price-reports": page([REPORT]),
    "POST /api/admin/price-reports/7/approve": decision,
    "POST /api/admin/price-reports/7/reject": decision,
  });
}

describe("the price report queue", () => {
  it("shows the flag, its reason and the report beside the current price", async () => {
    serveReports();
    renderConsole("/admin/queue/reports");
    const card = (await screen.findByRole("heading", { name: "Copper in Cape Town" }, WAIT)).closest("article");
    expect(card).not.toBeNull();
    const report = within(card as HTMLElement);
    expect(report.getByText(/Flagged: 3.4x its latest feed or manual price/)).toBeInTheDocument();
    expect(report.getByText("R520.00 per kg (R520.00/kg)")).toBeInTheDocument();
    expect(report.getByText("R154.90/kg")).toBeInTheDocument();
    expect(report.getByText("R154.90/kg (this report is 3.36×)")).toBeInTheDocument();
    expect(report.getByText("Sender:").nextElementSibling?.textContent).toBe("3f9a1c2e: 1 waiting, 0 approved");
    // One report from its sender: nothing to approve together.
    expect(report.queryByRole("button", { name: /from this sender/ })).toBeNull();
  });

  it("approves every waiting report of one sender in one click, warning they count as one seller", async () => {
    const mine = { ...REPORT, senderPending: 2 };
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/price-reports": page([mine, { ...mine, id: 8, material: { ...REPORT.material, name: "Brass" } }]),
      "POST /api/admin/price-reports/7/approve-sender": () =>
        json({
          approved: [
            { ...mine, status: "approved" },
            { ...mine, id: 8, status: "approved" },
          ],
          held: [],
        }),
    });
    renderConsole("/admin/queue/reports");
    const card = within(
      (await screen.findByRole("heading", { name: "Copper in Cape Town" }, WAIT)).closest("article") as HTMLElement,
    );
    expect(card.getByText(/in each series they count as one seller/)).toBeInTheDocument();
    await userEvent.setup().click(card.getByRole("button", { name: "Approve all 2 from this sender" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/price-reports/7/approve-sender")).toHaveLength(1));
    expect(sent(requests, "POST /api/admin/price-reports/7/approve-sender")[0]?.headers.get("X-CSRF-Token")).toBe(
      MODERATOR.csrfToken,
    );
    expect(
      await screen.findByText(/Approved: 2 reports from Copper in Cape Town's sender/, {}, WAIT),
    ).toBeInTheDocument();
  });

  it("shows a report on a material sold by the piece per piece, and silver per troy oz", async () => {
    const converter: AdminPriceReport = {
      ...REPORT,
      material: { slug: "catalytic-converters", name: "Catalytic Converters", saleUnit: "piece" },
      price: "950.00",
      unit: "piece",
      pricePerKg: "950.00",
      currentPricePerKg: "991.89",
      flagged: false,
      flagReason: null,
    };
    // R500.00 a troy oz is R16,075.37 a kg as stored; the current R16,736.05 a kg is R520.55 a troy oz.
    const silver: AdminPriceReport = {
      ...converter,
      id: 9,
      material: { slug: "silver", name: "Silver (Sterling)", saleUnit: "troy_oz" },
      price: "500.00",
      unit: "ozt",
      pricePerKg: "16075.3733",
      currentPricePerKg: "16736.0500",
    };
    serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/price-reports": page([converter, silver]) });
    renderConsole("/admin/queue/reports");
    const card = async (name: string) =>
      within((await screen.findByRole("heading", { name }, WAIT)).closest("article") as HTMLElement);
    const converters = await card("Catalytic Converters in Cape Town");
    expect(converters.getByText("R950.00 per piece (R950.00 per piece)")).toBeInTheDocument();
    expect(converters.getByText("R991.89 per piece")).toBeInTheDocument();
    expect(converters.queryByText(/\/kg/)).toBeNull();
    const silverCard = await card("Silver (Sterling) in Cape Town");
    expect(silverCard.getByText("R500.00 per troy oz (R500.00/troy oz)")).toBeInTheDocument();
    expect(silverCard.getByText("R520.55/troy oz")).toBeInTheDocument();
  });

  it("approves with the CSRF header and the reason given", async () => {
    const requests = serveReports();
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Reason/ }, WAIT), "Matches the yard's board");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/price-reports/7/approve")).toHaveLength(1), WAIT);
    const [approve] = sent(requests, "POST /api/admin/price-reports/7/approve");
    expect(approve?.headers.get("X-CSRF-Token")).toBe("csrf-456");
    expect(await approve?.json()).toEqual({ reason: "Matches the yard's board" });
  });

  it("will not reject without a reason, then rejects with it", async () => {
    const requests = serveReports();
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reject" }, WAIT));
    expect(screen.getByRole("alert")).toHaveTextContent("Give a reason to reject.");
    expect(screen.getByRole("textbox", { name: /Reason/ })).toHaveFocus();
    expect(sent(requests, "POST /api/admin/price-reports/7/reject")).toHaveLength(0);
    await user.type(screen.getByRole("textbox", { name: /Reason/ }), "Typo: 52.00 meant");
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/price-reports/7/reject")).toHaveLength(1), WAIT);
    const [reject] = sent(requests, "POST /api/admin/price-reports/7/reject");
    expect(reject?.headers.get("X-CSRF-Token")).toBe("csrf-456");
    expect(await reject?.json()).toEqual({ reason: "Typo: 52.00 meant" });
  });

  it("shows the server's message when a decision is refused", async () => {
    serveReports(() => json({ message: "This report was already approved." }, 409));
    renderConsole("/admin/queue/reports");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Approve" }, WAIT));
    expect(await screen.findByRole("alert", {}, WAIT)).toHaveTextContent("This report was already approved.");
  });

  it("says so when nothing is waiting", async () => {
    serve(fetchSpy, { "GET /api/auth/me": ADMIN, "GET /api/admin/price-reports": page([]) });
    renderConsole("/admin/queue/reports");
    expect(await screen.findByText("Nothing waiting. Well done.", {}, WAIT)).toBeInTheDocument();
  });
});

describe("focus and announcements after a decision", () => {
  const SECOND: AdminPriceReport = {
    ...REPORT,
    id: 8,
    material: { slug: "brass", name: "Brass", saleUnit: "kg" },
    city: { slug: "durban", name: "Durban", countryCode: "ZA", timeZone: "Africa/Johannesburg" },
    flagged: false,
    flagReason: null,
  };

  /** A queue that loses a report once it is decided, as the server's pending list does. */
  function serveQueue(reports: AdminPriceReport[], answer?: (report: AdminPriceReport, verdict: string) => Response) {
    let waiting = reports;
    const decide = (verdict: "approved" | "rejected") => (request: Request) => {
      const id = Number(new URL(request.url).pathname.split("/")[4]);
      const report = waiting.find((item) => item.id === id) as AdminPriceReport;
      if (answer) return answer(report, verdict);
      waiting = waiting.filter((item) => item.id !== id);
      return json({ ...report, status: verdict });
    };
    const routes: Record<string, unknown> = {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/price-reports": () => json(page(waiting)),
    };
    for (const report of reports) {
      routes[`POST /api/admin/price-reports/${report.id}/approve`] = decide("approved");
      routes[`POST /api/admin/price-reports/${report.id}/reject`] = decide("rejected");
    }
    return serve(fetchSpy, routes);
  }

  const cardOf = async (title: string) =>
    within((await screen.findByRole("heading", { name: title }, WAIT)).closest("article") as HTMLElement);
  const status = () => screen.getAllByRole("status").find((region) => region.textContent !== "Loading…");

  it("moves focus to the next report's Approve after an approval, and says what happened", async () => {
    serveQueue([REPORT, SECOND]);
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    const next = (await cardOf("Brass in Durban")).getByRole("button", { name: "Approve" });
    await user.click((await cardOf("Copper in Cape Town")).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Copper in Cape Town" })).toBeNull(), WAIT);
    await waitFor(() => expect(next).toHaveFocus(), WAIT);
    expect(status()).toHaveTextContent("Approved: Copper in Cape Town.");
  });

  it("moves focus to the report before when the last one on the page is decided", async () => {
    serveQueue([REPORT, SECOND]);
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    const before = (await cardOf("Copper in Cape Town")).getByRole("button", { name: "Approve" });
    const last = await cardOf("Brass in Durban");
    await user.type(last.getByRole("textbox", { name: /Reason/ }), "Not a price");
    await user.click(last.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(before).toHaveFocus(), WAIT);
    expect(status()).toHaveTextContent("Rejected: Brass in Durban.");
  });

  it("moves focus to the queue's heading when nothing is left, and says what happened", async () => {
    serveQueue([REPORT]);
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    const card = await cardOf("Copper in Cape Town");
    await user.type(card.getByRole("textbox", { name: /Reason/ }), "A typo");
    await user.click(card.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Nothing waiting. Well done.", {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Price reports" })).toHaveFocus(), WAIT);
    expect(status()).toHaveTextContent("Rejected: Copper in Cape Town.");
    expect(document.body).not.toHaveFocus();
  });

  it("keeps focus on Approve while the decision is sent and when the server refuses it", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveQueue([REPORT], () => json({ message: "This report was already approved." }, 409));
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    const approve = (await cardOf("Copper in Cape Town")).getByRole("button", { name: "Approve" });
    const answer = fetchSpy.getMockImplementation();
    fetchSpy.mockImplementation(async (input) => {
      if ((input as Request).method === "POST") await held;
      return (answer as typeof fetch)(input);
    });
    await user.click(approve);
    await waitFor(() => expect(approve).toHaveAttribute("aria-disabled", "true"), WAIT);
    expect(approve).toHaveFocus();
    release();
    expect(await screen.findByRole("alert", {}, WAIT)).toHaveTextContent("This report was already approved.");
    expect(approve).toHaveFocus();
    expect(approve).not.toHaveAttribute("aria-disabled");
  });

  it("keeps the card and its focus when the price checks hold an approval back, and says why", async () => {
    const reason = "outside the band around the series' baseline";
    serveQueue([REPORT], (report) => json({ ...report, status: "pending", flagged: true, flagReason: reason }));
    renderConsole("/admin/queue/reports");
    const user = userEvent.setup();
    const approve = (await cardOf("Copper in Cape Town")).getByRole("button", { name: "Approve" });
    await user.click(approve);
    await waitFor(
      () => expect(status()).toHaveTextContent(`Not approved: Copper in Cape Town is still waiting (${reason}).`),
      WAIT,
    );
    expect(approve).toHaveFocus();
  });
});

describe("the yard correction queue", () => {
  it("shows each changed field as current and proposed, and approves it", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/yard-suggestions": page([SUGGESTION]),
      "POST /api/admin/yard-suggestions/11/approve": { ...SUGGESTION, status: "approved" },
    });
    renderConsole("/admin/queue/suggestions");
    const phone = await screen.findByRole("row", { name: /Phone/ }, WAIT);
    expect(phone).toHaveTextContent("+27 11 555 0000");
    expect(phone).toHaveTextContent("+27 11 555 0100");
    expect(screen.getByRole("row", { name: /Permanently closed/ })).toHaveTextContent("NoYes");
    expect(screen.queryByRole("row", { name: /Website/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/yard-suggestions/11/approve")).toHaveLength(1), WAIT);
    const [approve] = sent(requests, "POST /api/admin/yard-suggestions/11/approve");
    expect(approve?.headers.get("X-CSRF-Token")).toBe("csrf-123");
    expect(await approve?.json()).toEqual({});
  });

  it("moves focus to the heading once the last correction is approved, and says so", async () => {
    let waiting = [SUGGESTION];
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/yard-suggestions": () => json(page(waiting)),
      "POST /api/admin/yard-suggestions/11/approve": () => {
        waiting = [];
        return json({ ...SUGGESTION, status: "approved" });
      },
    });
    renderConsole("/admin/queue/suggestions");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Approve" }, WAIT));
    await waitFor(
      () => expect(screen.getByRole("heading", { level: 1, name: "Yard corrections" })).toHaveFocus(),
      WAIT,
    );
    expect(screen.getByText("Approved: the correction to Jozi Metals.")).toBeInTheDocument();
  });

  it("writes unknown, lists and yes/no for the fields", () => {
    expect(fieldText(null)).toBe("unknown");
    expect(fieldText(["copper", "brass"])).toBe("copper, brass");
    expect(fieldText(false)).toBe("No");
  });

  it("reads the schema's free-form changes as yard fields: known keys, unknown when of the wrong type", () => {
    expect(yardFields({ phone: "+27 11 555 0100", services: ["Copper"], colour: "red" })).toEqual({
      phone: "+27 11 555 0100",
      services: ["Copper"],
    });
    expect(yardFields({ hours: 9, services: [1], permanentlyClosed: "yes", website: null })).toEqual({
      hours: null,
      services: null,
      permanentlyClosed: null,
      website: null,
    });
  });
});
