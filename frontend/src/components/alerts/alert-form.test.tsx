import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { JOHANNESBURG } from "@/test/factories";
import { openDialog as open, postedBody, renderWithLists, WAIT } from "@/test/forms";
import { answerJson, spyOnFetch } from "@/test/network";
import { AlertButton } from "./alert-button";
import type { AlertTarget } from "./alert-draft";

const fetchSpy = spyOnFetch();
const PENDING = "Check your inbox to confirm your alert.";

// Load the lazily loaded dialog once up front, so a busy machine does not time out the first test.
beforeAll(() => import("./alert-dialog"), 30_000);

const renderButton = (target: AlertTarget) => renderWithLists(<AlertButton {...target} />);
const openDialog = (user: ReturnType<typeof userEvent.setup>) => open(user, "Alert me", "Alert me about prices");
const sentBody = () => postedBody(fetchSpy, "/api/alerts");

describe("Alert me", { timeout: 15_000 }, () => {
  it("opens with the keyboard, closes on Escape and returns focus", async () => {
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG });
    const button = screen.getByRole("button", { name: "Alert me" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Alert me about prices" }, WAIT);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("posts an 'above' alert in the visitor's unit and the city's currency, and shows the API's answer", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: PENDING }, 202));
    window.localStorage.setItem("scrapindex.unit", "lb");
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "copper" });
    const dialog = await openDialog(user);

    expect(dialog.getByText("Johannesburg, South Africa")).toBeInTheDocument();
    expect(dialog.getByRole("radio", { name: "Price goes above" })).toBeChecked();
    expect(dialog.getByRole("combobox", { name: /Material/ })).toHaveValue("copper");
    expect(dialog.getByRole("combobox", { name: "Unit" })).toHaveValue("lb");
    const price = dialog.getByRole("spinbutton", { name: /Price/ });
    expect(price).toHaveAccessibleDescription("In ZAR (R) per lb.");

    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), " seller@example.org ");
    await user.type(price, "95.5");
    await user.click(dialog.getByRole("button", { name: "Set alert" }));

    expect(await dialog.findByText(PENDING, {}, WAIT)).toBeInTheDocument();
    expect(dialog.getByRole("status")).toHaveFocus();
    expect(await sentBody()).toEqual({
      email: "seller@example.org",
      citySlug: "johannesburg",
      kind: "above",
      materialSlug: "copper",
      threshold: 95.5,
      unit: "lb",
      website: "",
    });
  });

  it("sets a catalytic converter's threshold per piece alone, whatever weight was chosen", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: PENDING }, 202));
    window.localStorage.setItem("scrapindex.unit", "lb");
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "catalytic-converters" });
    const dialog = await openDialog(user);

    expect(dialog.queryByRole("combobox", { name: "Unit" })).toBeNull();
    const price = dialog.getByRole("spinbutton", { name: /Price/ });
    expect(price).toHaveAccessibleDescription("In ZAR (R) per piece.");
    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), "a@example.org");
    await user.type(price, "1000");
    await user.click(dialog.getByRole("button", { name: "Set alert" }));

    await dialog.findByText(PENDING, {}, WAIT);
    expect(await sentBody()).toMatchObject({ materialSlug: "catalytic-converters", threshold: 1000, unit: "piece" });
  });

  it("posts a 'below' alert for the material page's city, with the material chosen there", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: PENDING }, 202));
    const user = userEvent.setup();
    renderButton({ citySlug: "london", materialSlug: "copper" });
    const dialog = await openDialog(user);

    expect(dialog.getByText("London, United Kingdom")).toBeInTheDocument();
    expect(dialog.getByRole("spinbutton", { name: /Price/ })).toHaveAccessibleDescription("In GBP (£) per kg.");
    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), "a@example.org");
    await user.click(dialog.getByRole("radio", { name: "Price goes below" }));
    await user.selectOptions(dialog.getByRole("combobox", { name: /Material/ }), "bare-bright-copper");
    await user.type(dialog.getByRole("spinbutton", { name: /Price/ }), "4");
    await user.selectOptions(dialog.getByRole("combobox", { name: "Unit" }), "t");
    await user.click(dialog.getByRole("button", { name: "Set alert" }));

    await dialog.findByText(PENDING, {}, WAIT);
    expect(await sentBody()).toEqual({
      email: "a@example.org",
      citySlug: "london",
      kind: "below",
      materialSlug: "bare-bright-copper",
      threshold: 4,
      unit: "t",
      website: "",
    });
  });

  it("hides the material and price for a digest and posts neither", async () => {
    fetchSpy.mockImplementation(answerJson({ status: "pending", message: PENDING }, 202));
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "copper" });
    const dialog = await openDialog(user);

    await user.click(dialog.getByRole("radio", { name: "Weekly digest of this city" }));
    expect(dialog.queryByRole("combobox", { name: /Material/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole("spinbutton", { name: /Price/ })).not.toBeInTheDocument();
    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), "digest@example.org");
    await user.click(dialog.getByRole("button", { name: "Set alert" }));

    await dialog.findByText(PENDING, {}, WAIT);
    expect(await sentBody()).toEqual({
      email: "digest@example.org",
      citySlug: "johannesburg",
      kind: "digest-weekly",
      unit: "kg",
      website: "",
    });
  });

  it("checks the email and the price before sending", async () => {
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), "not-an-address");
    await user.click(dialog.getByRole("button", { name: "Set alert" }));

    const email = dialog.getByRole("textbox", { name: /Email address/ });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(
      "We send a link to confirm the alert first. Please enter a valid email address, for example name@example.com.",
    );
    expect(dialog.getByRole("combobox", { name: /Material/ })).toHaveAccessibleDescription("Please choose a material.");
    expect(dialog.getByRole("spinbutton", { name: /Price/ })).toHaveAccessibleDescription(
      "In ZAR (R) per kg. Please enter a price.",
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's 422 message in an alert, keeps the input and lets the user send again", async () => {
    const refusal = "We don't have a price for this material in this city.";
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG, materialSlug: "copper" });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), "seller@example.org");
    await user.type(dialog.getByRole("spinbutton", { name: /Price/ }), "182");
    await user.click(dialog.getByRole("button", { name: "Set alert" }));

    expect(await dialog.findByRole("button", { name: "Sending..." }, WAIT)).toBeDisabled();
    answer(Response.json({ message: refusal }, { status: 422 }));
    await waitFor(() => expect(dialog.getByRole("alert")).toHaveTextContent(refusal), WAIT);
    expect(dialog.getByRole("textbox", { name: /Email address/ })).toHaveValue("seller@example.org");
    expect(dialog.getByRole("spinbutton", { name: /Price/ })).toHaveValue(182);
    expect(dialog.getByRole("combobox", { name: /Material/ })).toHaveValue("copper");
    expect(dialog.getByRole("button", { name: "Set alert" })).toBeEnabled();
  });

  it("shows the rate limit's message", async () => {
    const limited = "Too many submissions from your connection. Please wait a minute and try again.";
    fetchSpy.mockImplementation(answerJson({ message: limited }, 429));
    const user = userEvent.setup();
    renderButton({ city: JOHANNESBURG });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole("textbox", { name: /Email address/ }), "seller@example.org");
    await user.click(dialog.getByRole("radio", { name: "Daily digest of this city" }));
    await user.click(dialog.getByRole("button", { name: "Set alert" }));
    expect(await dialog.findByText(limited, {}, WAIT)).toBeInTheDocument();
  });
});
