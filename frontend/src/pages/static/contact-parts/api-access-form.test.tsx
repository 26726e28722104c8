import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postedBody } from "@/test/forms";
import { renderRoute } from "@/test/render";
import { ApiAccessForm } from "./api-access-form";

const fetchSpy = vi.hoisted(() => vi.spyOn(globalThis, "fetch"));
const WAIT = { timeout: 4000 };
afterEach(() => fetchSpy.mockReset());

const THANKS = "Thank you: your request for API access reached our team.";

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const field = {
  name: () => screen.getByRole("textbox", { name: "Your name" }),
  email: () => screen.getByRole("textbox", { name: "Work email" }),
  company: () => screen.getByRole("textbox", { name: "Company or project" }),
  perDay: () => screen.getByRole("textbox", { name: "Expected requests per day" }),
  use: () => screen.getByRole("textbox", { name: /What will you use the data for/ }),
};

describe("API access request", () => {
  it("says what is missing, then sends the request and shows the team's answer", async () => {
    fetchSpy.mockResolvedValue(json({ message: THANKS }, 201));
    const user = userEvent.setup();
    renderRoute(<ApiAccessForm />, { path: "/contact", url: "/contact" });
    await user.click(screen.getByRole("button", { name: "Request API access" }));
    expect(field.name()).toHaveFocus();
    expect(screen.getByText("Give a whole number of requests per day, e.g. 5000.")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(field.name(), " Lerato Dube ");
    await user.type(field.email(), "lerato@example.org");
    await user.type(field.company(), "Dube Metals");
    await user.type(field.perDay(), "2000");
    await user.type(field.use(), "Copper prices in our buying app");
    await user.click(screen.getByRole("button", { name: "Request API access" }));

    expect(await screen.findByText(THANKS, {}, WAIT)).toBeInTheDocument();
    expect(await postedBody(fetchSpy, "/api/api-access-requests")).toEqual({
      name: "Lerato Dube",
      email: "lerato@example.org",
      company: "Dube Metals",
      intendedUse: "Copper prices in our buying app",
      requestsPerDay: 2000,
      website: "",
    });
    expect(field.company()).toHaveValue("");
  });

  it("shows the server's refusal in its own words", async () => {
    const limited = "Too many submissions from your connection. Please wait a minute and try again.";
    fetchSpy.mockResolvedValue(json({ message: limited }, 429));
    const user = userEvent.setup();
    renderRoute(<ApiAccessForm />, { path: "/contact", url: "/contact" });
    await user.type(field.name(), "Lerato Dube");
    await user.type(field.email(), "lerato@example.org");
    await user.type(field.company(), "Dube Metals");
    await user.type(field.perDay(), "2000");
    await user.type(field.use(), "Copper prices");
    await user.click(screen.getByRole("button", { name: "Request API access" }));
    expect(await screen.findByText(limited, {}, WAIT)).toBeInTheDocument();
    expect(field.company()).toHaveValue("Dube Metals");
  });
});
