import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SiteStats } from "@/api/client";
import { statsQueries } from "@/api/queries";
import { CONTACT_TEXTS } from "@/lib/static-page-texts";
import { postedBody } from "@/test/forms";
import { renderRoute } from "@/test/render";
import { Component as ContactPage } from "./contact";

// openapi-fetch keeps the fetch it finds when the client is created, so the spy must exist first.
const fetchSpy = vi.hoisted(() => vi.spyOn(globalThis, "fetch"));
// The machine may be busy running other suites: give async UI a little longer than the 1 s default.
const WAIT = { timeout: 4000 };
afterEach(() => fetchSpy.mockReset());

// Copied from GET /api/stats.
const STATS: SiteStats = {
  countries: 7,
  cities: 75,
  materials: 34,
  scrapYards: 569,
  dailyPriceUpdates: 2550,
  latestPriceDate: "2026-11-22",
  demoData: true,
  priceKinds: [{ kind: "demo", prices: 2550 }],
  priceDays: 30,
  priceDaysWindow: 30,
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderContact() {
  return renderRoute(<ContactPage />, {
    path: "/contact",
    url: "/contact",
    seed: [[statsQueries.site().queryKey, STATS]],
  });
}

const field = {
  name: () => screen.getByRole("textbox", { name: "Full Name" }),
  email: () => screen.getByRole("textbox", { name: "Email Address" }),
  subject: () => screen.getByRole("textbox", { name: "Subject" }),
  message: () => screen.getByRole("textbox", { name: "Message" }),
  category: () => screen.getByRole("combobox", { name: "Inquiry Category" }),
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field.name(), "Thandi Nkosi");
  await user.type(field.email(), "thandi@example.com");
  await user.selectOptions(field.category(), "Data Corrections");
  await user.type(field.subject(), "Wrong phone number");
  await user.type(field.message(), "The listing for Jozi Metals has an old number.");
}

const sentBody = () => postedBody(fetchSpy, "/api/contact");

describe("Contact page", () => {
  it("has one h1, labelled required fields, the info cards and the real city count", () => {
    renderContact();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: "Contact Us" })).toBeInTheDocument();
    for (const control of [field.name(), field.email(), field.subject(), field.message()]) {
      expect(control).toBeRequired();
    }
    expect(field.category()).not.toBeRequired();
    expect(screen.getByRole("option", { name: "API Access" })).toHaveValue("api");
    expect(screen.getByText("Monday to Friday 9 AM - 6 PM")).toBeInTheDocument();
    expect(screen.getByText(/in our 75 cities/)).toBeInTheDocument();
    expect(screen.getByText(/We cover 75 cities in 7 countries/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "For scrap yard owners" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "For developers" })).toBeInTheDocument();
  });

  // The server's page without JavaScript shows the same file's texts (tests/integration/test_web_no_js_pages.py).
  it("shows the intro and details of content/contact-page.json, and not its no-JavaScript note", () => {
    renderContact();
    const intro = CONTACT_TEXTS.intro.replace("{inCities}", " in our 75 cities");
    expect(screen.getByText(intro)).toBeInTheDocument();
    const details = screen.getByRole("complementary", { name: "Contact details" });
    for (const { title, text } of CONTACT_TEXTS.details) {
      expect(within(details).getByRole("heading", { name: title })).toBeInTheDocument();
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText(CONTACT_TEXTS.noScript)).not.toBeInTheDocument();
  });

  it("shows required-field messages, focuses the first invalid field and sends nothing", async () => {
    const user = userEvent.setup();
    renderContact();
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(field.name()).toHaveFocus();
    expect(field.name()).toHaveAttribute("aria-invalid", "true");
    expect(field.name()).toHaveAccessibleDescription("Please enter your full name.");
    expect(field.email()).toHaveAccessibleDescription("Please enter your email address.");
    expect(field.subject()).toHaveAccessibleDescription("Please enter a subject.");
    expect(field.message()).toHaveAccessibleDescription("Please enter your message.");
    expect(fetchSpy).not.toHaveBeenCalled();

    // Errors clear as the fields are fixed.
    await user.type(field.name(), "Thandi");
    expect(field.name()).not.toHaveAttribute("aria-invalid");
  });

  it("rejects a badly formed email address without sending", async () => {
    const user = userEvent.setup();
    renderContact();
    await fillValid(user);
    await user.clear(field.email());
    await user.type(field.email(), "thandi@example");
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(field.email()).toHaveFocus();
    expect(field.email()).toHaveAccessibleDescription(
      "Please enter a valid email address, for example name@example.com.",
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts the message, shows Sending..., then the success toast, and clears the form", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderContact();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const sending = await screen.findByRole("button", { name: "Sending..." }, WAIT);
    expect(sending).toBeDisabled();
    expect(await sentBody()).toEqual({
      name: "Thandi Nkosi",
      email: "thandi@example.com",
      category: "data",
      subject: "Wrong phone number",
      message: "The listing for Jozi Metals has an old number.",
      website: "",
    });

    answer(json({ message: "Thank you for contacting us. We'll respond within 24 hours." }, 201));
    expect(await screen.findByText("Message Sent", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("Thank you for contacting us. We'll respond within 24 hours.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(field.name()).toHaveValue("");
    expect(field.email()).toHaveValue("");
    expect(field.category()).toHaveValue("");
    expect(field.subject()).toHaveValue("");
    expect(field.message()).toHaveValue("");
  });

  it("shows the error toast on failure and keeps what was typed", async () => {
    fetchSpy.mockResolvedValue(json({ message: "Internal server error" }, 500));
    const user = userEvent.setup();
    renderContact();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByText("Failed to send message. Please try again.", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(field.name()).toHaveValue("Thandi Nkosi");
    expect(field.email()).toHaveValue("thandi@example.com");
    expect(field.subject()).toHaveValue("Wrong phone number");
    expect(field.message()).toHaveValue("The listing for Jozi Metals has an old number.");
  });

  it("shows the API's own message when rate-limited", async () => {
    const limited = "Too many submissions from your connection. Please wait a minute and try again.";
    fetchSpy.mockResolvedValue(json({ message: limited }, 429));
    const user = userEvent.setup();
    renderContact();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByText(limited, {}, WAIT)).toBeInTheDocument();
    expect(field.subject()).toHaveValue("Wrong phone number");
  });

  it("sends the hidden honeypot field's value", async () => {
    fetchSpy.mockResolvedValue(json({ message: "Submission rejected" }, 400));
    const user = userEvent.setup();
    const { container } = renderContact();
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();

    fireEvent.change(honeypot as HTMLInputElement, { target: { value: "http://spam.example" } });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(await sentBody()).toMatchObject({ website: "http://spam.example" });
  });
});
