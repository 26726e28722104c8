import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { MODERATOR, page, renderConsole, sent, serve, WAIT } from "../test-fixtures";
import type { AdminYardLicence } from "./licence-actions";

const fetchSpy = spyOnFetch();

const MATCH: AdminYardLicence = {
  id: 7,
  registerCode: "ea-england",
  registerNo: "SMD-LBL-0412",
  licenceType: "site",
  holderName: "Nine Elms Metal Recycling Limited",
  siteAddress: "Unit 4, Nine Elms Lane, London, SW8 5BP",
  postcode: "SW8 5BP",
  localAuthority: "London Borough of Lambeth",
  expiresOn: "2027-02-28",
  registerUrl: "https://environment.data.gov.uk/public-register/scrap-metal-dealers/registration/SMD-LBL-0412",
  checkedOn: "2026-11-29",
  yard: {
    id: 570,
    name: "Nine Elms Metal Recycling",
    address: "Unit 4 Nine Elms Lane, London, SW8 5BP",
    citySlug: "london",
    cityName: "London",
  },
  score: 1,
  reasons: ["name 1.00 alike", "same postcode SW8 5BP", "0.1 km apart"],
  status: "proposed",
  decidedBy: null,
  decidedAt: null,
};

describe("the licence matches screen", () => {
  it("shows why a register entry matches a yard and confirms it", async () => {
    const user = userEvent.setup();
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-licences": page([MATCH]),
      "POST /api/admin/yard-licences/7/confirm": { ...MATCH, status: "confirmed" },
    });
    renderConsole("/admin/licences");
    const card = within(await screen.findByRole("article", {}, WAIT));
    expect(card.getByRole("heading", { name: "Nine Elms Metal Recycling Limited" })).toBeInTheDocument();
    expect(card.getByText("Score 1.00")).toBeInTheDocument();
    expect(card.getByText("same postcode SW8 5BP")).toBeInTheDocument();
    expect(card.getByRole("link", { name: "SMD-LBL-0412" })).toHaveAttribute("href", MATCH.registerUrl);
    expect(card.getByRole("link", { name: "Nine Elms Metal Recycling" })).toHaveAttribute(
      "href",
      expect.stringContaining("/scrap-yard/570"),
    );
    await user.click(card.getByRole("button", { name: "Confirm" }));
    expect(
      await screen.findByText("Confirmed register no. SMD-LBL-0412 as Nine Elms Metal Recycling.", {}, WAIT),
    ).toBeInTheDocument();
    const [confirmed] = sent(requests, "POST /api/admin/yard-licences/7/confirm");
    expect(confirmed?.headers.get("X-CSRF-Token")).toBe(MODERATOR.csrfToken);
    const [listed] = sent(requests, "GET /api/admin/yard-licences");
    expect(new URL(listed?.url ?? "").searchParams.get("status")).toBe("proposed");
    expect(screen.getByRole("link", { name: "Licence matches" })).toHaveAttribute("aria-current", "page");
  });

  it("offers no decision on a mobile collector", async () => {
    const collector = {
      ...MATCH,
      id: 8,
      licenceType: "collector" as const,
      yard: null,
      score: null,
      reasons: [],
      status: "unmatched" as const,
    };
    serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/yard-licences": page([collector]) });
    renderConsole("/admin/licences?status=unmatched");
    const card = within(await screen.findByRole("article", {}, WAIT));
    expect(card.getByText("Mobile collector (not a yard)")).toBeInTheDocument();
    expect(card.queryByRole("button")).toBeNull();
  });
});
