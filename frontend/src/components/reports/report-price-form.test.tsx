import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { JOHANNESBURG } from "@/test/factories";
import { openDialog as open, postedBody, renderWithLists, WAIT } from "@/test/forms";
import { answerJson, spyOnFetch } from "@/test/network";
import { ReportPriceButton } from "./report-price-button";
import type { ReportTarget } from "./types";

const fetchSpy = spyOnFetch();
const THANKS = "Thank you. Your report will count once a moderator has checked it.";

// Load the lazily loaded dialog once up front, so a busy machine does not time out the first test.
beforeAll(() => import("./report-price-dialog"), 30_000);
beforeEach(() => {
  // 23:30 on Nov 24 in UTC is already Nov 25 in Johannesburg (UTC+2).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T23:30:00Z"));
});
afterEach(() => vi.useRealTimers());

const renderButton = (target: ReportTarget) => renderWithLists(<ReportPriceButton {...target} />);
const openDialog = (user: ReturnType<typeof userEvent.setup>) =>
  open(user, "Report a price you were paid", "Report a price you were paid");
const sentBody = () => postedBody(fetchSpy, "/api/price-reports");

describe("Report a price", { timeout: 15_000 }, () => {
  it("opens with the keyboard, keeps focus inside, closes on Escape and returns focus", async () => {
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG });
    const button = screen.getByRole("button", { name: "Report a price you were paid" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Report a price you were paid" }, WAIT);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 15; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("posts the city's report in the chosen unit and currency, and shows the API's thanks", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: THANKS }, 202));
    window.localStorage.setItem("scrapindex.unit", "lb");
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, yard: { id: 7, name: "Pioneer Metal Traders" } });
    const dialog = await openDialog(user);

    expect(dialog.getByText("Johannesburg, South Africa")).toBeInTheDocument();
    expect(dialog.getByText("Pioneer Metal Traders")).toBeInTheDocument();
    expect(dialog.getByRole("combobox", { name: "Unit" })).toHaveValue("lb");
    expect(dialog.getByRole("combobox", { name: "Currency" })).toHaveValue("ZAR");
    expect(dialog.getByRole("option", { name: "USD" })).toBeInTheDocument();
    const date = dialog.getByLabelText(/Date you were paid/);
    expect(date).toHaveValue("2026-11-25"); // today in Johannesburg
    expect(date).toHaveAttribute("min", "2026-11-11");
    expect(date).toHaveAttribute("max", "2026-11-25");

    await user.selectOptions(dialog.getByRole("combobox", { name: /Material/ }), "copper");
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "82.5");
    await user.selectOptions(dialog.getByRole("combobox", { name: "Currency" }), "USD");
    await user.clear(date);
    await user.type(date, "2026-11-20");
    await user.type(dialog.getByRole("textbox", { name: "Note (optional)" }), "  Clean pipe  ");
    await user.click(dialog.getByRole("button", { name: "Send report" }));

    expect(await dialog.findByText(THANKS, {}, WAIT)).toBeInTheDocument();
    expect(dialog.getByRole("status")).toHaveTextContent("Report sent");
    expect(await sentBody()).toEqual({
      materialSlug: "copper",
      citySlug: "johannesburg",
      yardId: 7,
      price: 82.5,
      unit: "lb",
      currency: "USD",
      date: "2026-11-20",
      note: "Clean pipe",
      website: "",
    });
  });

  it("offers a list of cities on the material page, the currency following the city", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: THANKS }, 202));
    const user = userEvent.setup();
    renderButton({ materialSlug: "copper", citySlug: "johannesburg" });
    const dialog = await openDialog(user);

    expect(dialog.getByRole("combobox", { name: /Material/ })).toHaveValue("copper");
    const city = dialog.getByRole("combobox", { name: /City/ });
    expect(city).toHaveValue("johannesburg");
    await user.selectOptions(city, "london");
    expect(dialog.getByRole("combobox", { name: "Currency" })).toHaveValue("GBP");
    expect(dialog.getByLabelText(/Date you were paid/)).toHaveValue("2026-11-24"); // still Nov 24 in London
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "7");
    await user.click(dialog.getByRole("button", { name: "Send report" }));

    await dialog.findByText(THANKS, {}, WAIT);
    expect(await sentBody()).toMatchObject({
      materialSlug: "copper",
      citySlug: "london",
      price: 7,
      unit: "kg",
      currency: "GBP",
      date: "2026-11-24",
    });
  });

  it("takes a catalytic converter's price per piece alone, whatever weight was chosen, and sends it so", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: THANKS }, 202));
    window.localStorage.setItem("scrapindex.unit", "lb");
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "catalytic-converters" });
    const dialog = await openDialog(user);

    // No list to choose from: the unit is said.
    expect(dialog.queryByRole("combobox", { name: "Unit" })).toBeNull();
    expect(dialog.getByText("per piece")).toBeInTheDocument();
    expect(dialog.queryByText("per lb")).toBeNull();
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "950");
    await user.click(dialog.getByRole("button", { name: "Send report" }));

    await dialog.findByText(THANKS, {}, WAIT);
    expect(await sentBody()).toMatchObject({ materialSlug: "catalytic-converters", price: 950, unit: "piece" });
  });

  it("offers silver per troy oz first, and copper's weights again once copper is chosen", async () => {
    window.localStorage.setItem("scrapindex.unit", "lb");
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "silver" });
    const dialog = await openDialog(user);

    const unit = dialog.getByRole("combobox", { name: "Unit" });
    expect(unit).toHaveValue("ozt");
    const options = (select: HTMLElement) => [...select.querySelectorAll("option")].map((option) => option.value);
    expect(options(unit)).toEqual(["ozt", "kg", "lb", "t"]);
    await user.selectOptions(dialog.getByRole("combobox", { name: /Material/ }), "catalytic-converters");
    expect(dialog.queryByRole("combobox", { name: "Unit" })).toBeNull();
    await user.selectOptions(dialog.getByRole("combobox", { name: /Material/ }), "copper");
    expect(options(dialog.getByRole("combobox", { name: "Unit" }))).toEqual(["kg", "lb", "t"]);
    expect(dialog.getByRole("combobox", { name: "Unit" })).toHaveValue("lb");
  });

  it("shows the server's refusal of a unit that does not fit the material", async () => {
    const refusal = "Catalytic Converters are priced per piece: give the price of one piece.";
    fetchSpy.mockImplementation(answerJson({ message: refusal }, 422));
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "catalytic-converters" });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "950");
    await user.click(dialog.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(dialog.getByRole("alert")).toHaveTextContent(refusal), WAIT);
  });

  it("checks the price and material before sending", async () => {
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "0");
    await user.click(dialog.getByRole("button", { name: "Send report" }));

    const material = dialog.getByRole("combobox", { name: /Material/ });
    expect(material).toHaveFocus();
    expect(material).toHaveAccessibleDescription("Please choose a material.");
    expect(dialog.getByRole("spinbutton", { name: /Price paid/ })).toHaveAccessibleDescription(
      "Please enter a price above 0.",
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's 422 message in an alert, keeps the input and lets the user send again", async () => {
    const refusal = "The date can be at most 14 days back.";
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "copper" });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "182");
    await user.click(dialog.getByRole("button", { name: "Send report" }));

    expect(await dialog.findByRole("button", { name: "Sending..." }, WAIT)).toBeDisabled();
    answer(Response.json({ message: refusal }, { status: 422 }));
    await waitFor(() => expect(dialog.getByRole("alert")).toHaveTextContent(refusal), WAIT);
    expect(dialog.getByRole("spinbutton", { name: /Price paid/ })).toHaveValue(182);
    expect(dialog.getByRole("combobox", { name: /Material/ })).toHaveValue("copper");
    expect(dialog.getByRole("button", { name: "Send report" })).toBeEnabled();
  });

  it("shows the rate limit's message", async () => {
    const limited = "Too many submissions from your connection. Please wait a minute and try again.";
    fetchSpy.mockImplementation(answerJson({ message: limited }, 429));
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "copper" });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("spinbutton", { name: /Price paid/ }), "182");
    await user.click(dialog.getByRole("button", { name: "Send report" }));
    expect(await dialog.findByText(limited, {}, WAIT)).toBeInTheDocument();
  });
});
