import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { YardDetail } from "@/api/client";
import { cityQueries, materialQueries, yardQueries } from "@/api/queries";
import { makeMaterial } from "@/test/factories";
import { MATERIALS } from "@/test/forms";
import { answerJson, spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { Component as YardPage } from "./index";
import { PRICES, YARD } from "./test-fixtures";

// Issue 38 on the yard page: the yard's own posted board, what its owner says about a visit,
// and "Is this your yard?".
const fetchSpy = spyOnFetch();
const WAIT = { timeout: 4000 };
beforeAll(async () => {
  await import("./claim-dialog");
}, 30_000);
afterEach(() => window.localStorage.clear());

const COPPER_1 = makeMaterial(3, "#1 Copper", "Copper", { slug: "copper-1" });
const CONVERTERS = makeMaterial(28, "Catalytic Converters", "Precious", { saleUnit: "piece" });

type YardOwnerFields = Pick<
  YardDetail,
  "claimed" | "postedBoard" | "lastPostedOn" | "acceptedMaterials" | "paymentMethods" | "visitNotes"
>;

const NOT_SAID: YardOwnerFields = {
  claimed: false,
  postedBoard: null,
  lastPostedOn: null,
  acceptedMaterials: null,
  paymentMethods: null,
  visitNotes: null,
};
const BOARD: YardOwnerFields = {
  ...NOT_SAID,
  claimed: true,
  lastPostedOn: "2026-11-28",
  postedBoard: {
    postedOn: "2026-11-28",
    prices: [
      { material: COPPER_1, price: "182.50", priceExact: "182.5000", date: "2026-11-28", unit: "kg" },
      { material: CONVERTERS, price: "1050.00", priceExact: "1050.0000", date: "2026-11-26", unit: "piece" },
    ],
  },
};

function renderYard(fields: Partial<YardOwnerFields> = {}, yard: YardDetail = YARD) {
  return renderRoute(<YardPage />, {
    path: "/scrap-yard/:yardId",
    url: `/scrap-yard/${yard.id}`,
    seed: [
      [yardQueries.detail(yard.id).queryKey, { ...yard, ...NOT_SAID, ...fields }],
      [cityQueries.prices(yard.city.slug).queryKey, PRICES],
      [materialQueries.list().queryKey, MATERIALS],
    ],
  });
}

const card = (title: string | RegExp) =>
  within(screen.getByRole("heading", { level: 2, name: title }).closest(".rounded-lg") as HTMLElement);

describe("the yard's posted board", () => {
  it("shows the yard's own prices above the city's, dated and in the visitor's unit", async () => {
    renderYard(BOARD);
    const board = card("Prices posted by Pioneer Metal Traders");
    expect(board.getByText(/^Posted by the yard on Nov 28, 2026/)).toBeInTheDocument();
    const table = board.getByRole("table", { name: /Buying prices posted by Pioneer Metal Traders on Nov 28, 2026/ });
    const copper = within(within(table).getByRole("link", { name: "#1 Copper" }).closest("tr") as HTMLElement);
    expect(copper.getByText("R182.50")).toBeInTheDocument();
    const converters = within(
      within(table).getByRole("link", { name: "Catalytic Converters" }).closest("tr") as HTMLElement,
    );
    expect(converters.getByText("R1,050.00")).toBeInTheDocument();
    expect(converters.getByText("per piece")).toBeInTheDocument();
    expect(converters.getByText("posted Nov 26, 2026")).toBeInTheDocument(); // older than the board's day

    // The unit toggle of the board: per lb, the converter still per piece.
    await userEvent.setup().click(board.getByText("per lb"));
    expect(copper.getByText("R82.78")).toBeInTheDocument();
    expect(converters.getByText("R1,050.00")).toBeInTheDocument();

    // The city's prices stay, labelled as the city's, below the yard's board.
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf("Prices posted by Pioneer Metal Traders")).toBeLessThan(
      headings.indexOf("Current Johannesburg Prices"),
    );
    expect(card("Current Johannesburg Prices").getByText(/not this yard's own/)).toBeInTheDocument();
  });

  it("says when the yard last posted when its board is no longer current", () => {
    renderYard({ claimed: true, lastPostedOn: "2026-10-02" });
    expect(screen.queryByRole("heading", { name: /Prices posted by/ })).not.toBeInTheDocument();
    expect(screen.getByText(/^The yard last posted prices on Oct 2, 2026\./)).toBeInTheDocument();
  });

  it("says nothing of posted prices for a yard that never posted", () => {
    renderYard();
    expect(screen.queryByText(/posted prices/i)).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /Prices posted by/ })).not.toBeInTheDocument();
  });
});

describe("what the yard's owner says about selling there", () => {
  it("shows how a visit works, how it pays and what it buys, as the yard says it", () => {
    renderYard({
      visitNotes: "Bring your ID.\nWeighed on a certified scale; paid on the spot.",
      paymentMethods: ["eft", "cash"],
      acceptedMaterials: ["copper", "bare-bright-copper"],
    });
    const visit = card("Selling here");
    expect(visit.getByText(/^Bring your ID\./)).toHaveTextContent(
      "Bring your ID. Weighed on a certified scale; paid on the spot.",
    );
    expect(visit.getByText("Bank transfer (EFT), Cash")).toBeInTheDocument();
    expect(visit.getByText("Copper, Bare Bright Copper")).toBeInTheDocument();
  });

  it("has no such card when the owner said nothing", () => {
    renderYard();
    expect(screen.queryByRole("heading", { name: "Selling here" })).not.toBeInTheDocument();
  });
});

async function openClaim(user: ReturnType<typeof userEvent.setup>, button = "Claim this yard") {
  await user.click(screen.getByRole("button", { name: button }));
  return within(await screen.findByRole("dialog", { name: "Is this your yard?" }, WAIT));
}

async function sent() {
  const request = fetchSpy.mock.calls[0]?.[0] as Request;
  return { method: request.method, path: new URL(request.url).pathname, body: await request.clone().json() };
}

describe("Is this your yard?", { timeout: 15_000 }, () => {
  it("mails the claim link to the listing's address, shown masked, and says to check that mailbox", async () => {
    const message = "We sent a link to the yard's e-mail address. It works for 48 hours.";
    fetchSpy.mockImplementation(answerJson({ route: "listing-email", message }, 202));
    const user = userEvent.setup();
    renderYard();
    const dialog = await openClaim(user);
    const listing = dialog.getByRole("radio", {
      name: "Send the link to the listing's e-mail (i••••@pioneer-metal-traders-johannesburg.example.com)",
    });
    expect(listing).toBeChecked();
    expect(dialog.queryByRole("textbox", { name: /How can we check/ })).not.toBeInTheDocument();
    await user.type(dialog.getByRole("textbox", { name: /Your name/ }), "Thandi Nkosi");
    await user.type(dialog.getByRole("textbox", { name: /Your email address/ }), "thandi@example.org");
    await user.click(dialog.getByRole("button", { name: "Send the link" }));
    expect(await dialog.findByRole("status", {}, WAIT)).toHaveTextContent(message);
    expect(dialog.getByText("Check the yard's mailbox")).toBeInTheDocument();
    expect(await sent()).toEqual({
      method: "POST",
      path: "/api/scrap-yards/1/claims",
      body: { name: "Thandi Nkosi", email: "thandi@example.org", route: "listing-email", website: "" },
    });
  });

  it("asks our team with evidence, which it requires, when the owner cannot reach the listing's address", async () => {
    fetchSpy.mockImplementation(answerJson({ route: "operators", message: "Our team will check." }, 202));
    const user = userEvent.setup();
    renderYard();
    const dialog = await openClaim(user);
    await user.click(dialog.getByRole("radio", { name: /ask our team/ }));
    await user.type(dialog.getByRole("textbox", { name: /Your name/ }), "Thandi Nkosi");
    await user.type(dialog.getByRole("textbox", { name: /Your email address/ }), "thandi@example.org");
    await user.click(dialog.getByRole("button", { name: "Send to our team" }));
    const evidence = dialog.getByRole("textbox", { name: /How can we check/ });
    expect(evidence).toHaveFocus();
    expect(evidence).toHaveAccessibleDescription(/Tell us how we can check that the yard is yours\./);
    await user.type(evidence, "I own it");
    await user.click(dialog.getByRole("button", { name: "Send to our team" }));
    expect(evidence).toHaveAccessibleDescription(/at least 20 characters/);
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.clear(evidence);
    await user.type(evidence, "I am the owner; call the yard's landline 011 555 0100 and ask for me.");
    await user.click(dialog.getByRole("button", { name: "Send to our team" }));
    expect(await dialog.findByRole("status", {}, WAIT)).toHaveTextContent("Our team will check.");
    expect((await sent()).body).toEqual({
      name: "Thandi Nkosi",
      email: "thandi@example.org",
      route: "operators",
      evidence: "I am the owner; call the yard's landline 011 555 0100 and ask for me.",
      website: "",
    });
  });

  it("offers only our team when the listing has no e-mail, and shows the server's refusal", async () => {
    const refusal = "This yard already has a claim waiting: our team is looking at it.";
    fetchSpy.mockImplementation(answerJson({ message: refusal }, 429));
    const user = userEvent.setup();
    renderYard({}, { ...YARD, email: null });
    const dialog = await openClaim(user);
    expect(dialog.getAllByRole("radio")).toHaveLength(1);
    expect(dialog.getByRole("radio", { name: "Ask our team (this listing has no e-mail)" })).toBeChecked();
    await user.type(dialog.getByRole("textbox", { name: /Your name/ }), "Thandi");
    await user.type(dialog.getByRole("textbox", { name: /Your email address/ }), "thandi@example.org");
    await user.type(dialog.getByRole("textbox", { name: /How can we check/ }), "My name is on the yard's licence.");
    await user.click(dialog.getByRole("button", { name: "Send to our team" }));
    await waitFor(() => expect(dialog.getByRole("alert")).toHaveTextContent(refusal), WAIT);
  });

  it("on a claimed yard, says its owner manages it and offers another login", async () => {
    const user = userEvent.setup();
    renderYard({ claimed: true });
    expect(screen.getByText(/Its owner manages this listing/)).toBeInTheDocument();
    await openClaim(user, "Ask for a login");
  });
});
