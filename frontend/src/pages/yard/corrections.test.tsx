import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { YardDetail } from "@/api/client";
import { cityQueries, yardQueries } from "@/api/queries";
import { answerJson, spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { Component as YardPage } from "./index";
import { PRICES, YARD } from "./test-fixtures";

const fetchSpy = spyOnFetch();
// The machine may be busy running other suites: give async UI a little longer than the 1 s default.
const WAIT = { timeout: 4000 };
// Load the lazily loaded dialogs once up front, so a busy machine does not time out the first test.
beforeAll(async () => {
  await Promise.all([import("./suggest-correction-dialog"), import("@/components/reports/report-price-dialog")]);
}, 30_000);
const THANKS = "Thank you. A moderator will check your correction before it appears.";

function renderYard(yard: YardDetail = YARD) {
  return renderRoute(<YardPage />, {
    path: "/scrap-yard/:yardId",
    url: `/scrap-yard/${yard.id}`,
    seed: [
      [yardQueries.detail(yard.id).queryKey, yard],
      [cityQueries.prices(yard.city.slug).queryKey, PRICES],
    ],
  });
}

const servicesCard = () => {
  const card = screen.getByRole("heading", { level: 2, name: "Services & Features" }).closest(".rounded-lg");
  return within(card as HTMLElement);
};

async function openCorrection(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Suggest a correction" }));
  return within(await screen.findByRole("dialog", { name: "Suggest a correction" }, WAIT));
}

async function sentRequest() {
  const request = fetchSpy.mock.calls[0]?.[0] as Request;
  expect(request.method).toBe("POST");
  return { path: new URL(request.url).pathname, body: (await request.clone().json()) as Record<string, unknown> };
}

describe("Yard corrections on the yard page", { timeout: 15_000 }, () => {
  it("shows the yard's own services, a permanently closed notice and when it was corrected", () => {
    renderYard({
      ...YARD,
      services: ["Pickup Service", "Container Hire"],
      permanentlyClosed: true,
      correctedAt: "2026-11-24T09:15:00Z",
    });
    const items = servicesCard()
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual(["Pickup Service", "Container Hire"]);
    expect(screen.getByText("Permanently closed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Other scrap yards in Johannesburg" })).toHaveAttribute(
      "href",
      "/za/johannesburg/scrap-yards",
    );
    expect(screen.getByText("Details corrected on Nov 24, 2026")).toBeInTheDocument();
  });

  it("shows no invented services and no notices for an uncorrected yard", () => {
    renderYard();
    expect(servicesCard().queryAllByRole("listitem")).toHaveLength(0);
    expect(servicesCard().getByText("Services not confirmed yet")).toBeInTheDocument();
    expect(screen.queryByText("Permanently closed")).not.toBeInTheDocument();
    expect(screen.queryByText(/Details corrected on/)).not.toBeInTheDocument();
  });

  it("says so when a yard lists no services", () => {
    renderYard({ ...YARD, services: [] });
    expect(servicesCard().getByText("No services listed.")).toBeInTheDocument();
  });

  it("sends only the changed fields", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: THANKS }, 202));
    const user = userEvent.setup();
    renderYard({ ...YARD, services: ["Pickup Service"] });
    const dialog = await openCorrection(user);

    const phone = dialog.getByRole("textbox", { name: "Phone" });
    expect(phone).toHaveAccessibleDescription("Now: 011 555 0100");
    expect(dialog.getByRole("textbox", { name: "Opening hours" })).toHaveAccessibleDescription(
      /For example: Mo-Fr 08:00-17:00; Sa 08:00-12:00/,
    );
    expect(dialog.getByRole("checkbox", { name: "Pickup Service" })).toBeChecked();
    await user.type(phone, "011 555 0199");
    // The same address as now is no change.
    await user.type(dialog.getByRole("textbox", { name: "Address" }), YARD.address);
    await user.click(dialog.getByRole("checkbox", { name: "Accurate Weighing" }));
    await user.click(dialog.getByRole("checkbox", { name: "Permanently closed" }));
    await user.type(dialog.getByRole("textbox", { name: /Your email address/ }), "seller@example.com");
    await user.click(dialog.getByRole("button", { name: "Send correction" }));

    expect(await dialog.findByText(THANKS, {}, WAIT)).toBeInTheDocument();
    const { path, body } = await sentRequest();
    expect(path).toBe("/api/scrap-yards/1/suggestions");
    expect(body).toEqual({
      changes: {
        phone: "011 555 0199",
        services: ["Pickup Service", "Accurate Weighing"],
        permanentlyClosed: true,
      },
      email: "seller@example.com",
      website: "",
    });
  });

  it("refuses to send without a change, and without an email address", async () => {
    const user = userEvent.setup();
    renderYard();
    const dialog = await openCorrection(user);
    await user.click(dialog.getByRole("button", { name: "Send correction" }));
    const email = dialog.getByRole("textbox", { name: /Your email address/ });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(/Please enter your email address\./);

    await user.type(email, "seller@example.com");
    await user.click(dialog.getByRole("button", { name: "Send correction" }));
    expect(dialog.getByRole("alert")).toHaveTextContent("Change at least one detail before sending.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const refusal = "Invalid request: changes.website: URL scheme should be 'http' or 'https'";
    fetchSpy.mockImplementation(answerJson({ message: refusal }, 422));
    const user = userEvent.setup();
    renderYard();
    const dialog = await openCorrection(user);
    await user.type(dialog.getByRole("textbox", { name: "Address" }), "41 Old Pretoria Road");
    await user.type(dialog.getByRole("textbox", { name: /Your email address/ }), "seller@example.com");
    await user.click(dialog.getByRole("button", { name: "Send correction" }));

    await waitFor(() => expect(dialog.getByRole("alert")).toHaveTextContent(refusal), WAIT);
    expect(dialog.getByRole("textbox", { name: "Address" })).toHaveValue("41 Old Pretoria Road");
  });

  it("offers the report form for this yard and city", async () => {
    const user = userEvent.setup();
    renderYard();
    await user.click(screen.getByRole("button", { name: "Report a price you were paid" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Report a price you were paid" }, WAIT));
    expect(dialog.getByText("Johannesburg, South Africa")).toBeInTheDocument();
    expect(dialog.getByText("Pioneer Metal Traders")).toBeInTheDocument();
  });
});
