import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import type { YardClaimPublic } from "../api/types";
import { MY_YARD, OWNER } from "../my-yard/test-fixtures";
import { json, renderConsole, sent, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();
const TOKEN = "abc.DEF-123";
const CLAIM: YardClaimPublic = {
  yard: { id: 1, name: "Pioneer Metal Traders", address: "39 Old Pretoria Road, Selby, Johannesburg" },
  email: "thandi@example.org",
  expiresAt: "2026-12-01T10:00:00Z",
  hasAccount: false,
};
const CONFIRM = `POST /api/yard-claims/${TOKEN}/confirm`;
const LOGGED_OUT = { "GET /api/auth/me": () => json({ message: "Log in to continue." }, 401) };

function renderClaim(claim: YardClaimPublic | (() => Response) = CLAIM) {
  // Logged in once confirmed: the console asks who it is and gets the owner.
  let loggedIn = false;
  const requests = serve(fetchSpy, {
    "GET /api/auth/me": () => (loggedIn ? json(OWNER) : json({ message: "Log in to continue." }, 401)),
    [`GET /api/yard-claims/${TOKEN}`]: claim,
    [CONFIRM]: () => {
      loggedIn = true;
      return json(OWNER);
    },
    "GET /api/owner/yards/1": MY_YARD,
  });
  const rendered = renderConsole(`/admin/claim?token=${TOKEN}`);
  return { requests, ...rendered };
}

describe("a claim link's screen", () => {
  it("shows the yard, sets a new password and lands logged in on the yard's posting screen", async () => {
    const user = userEvent.setup();
    const { requests, router } = renderClaim();
    expect(await screen.findByRole("heading", { name: "Claim Pioneer Metal Traders" }, WAIT)).toBeInTheDocument();
    expect(screen.getByText("thandi@example.org")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password\*?$/), "short");
    await user.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(screen.getByLabelText(/^New password\*?$/)).toHaveAccessibleDescription(
      "The password must be at least 12 characters long.",
    );
    await user.clear(screen.getByLabelText(/^New password\*?$/));
    await user.type(screen.getByLabelText(/^New password\*?$/), "a yard of my own");
    await user.type(screen.getByLabelText(/^New password again/), "a yard of my owm");
    await user.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(screen.getByLabelText(/^New password again/)).toHaveAccessibleDescription(
      "The two passwords are not the same.",
    );
    expect(sent(requests, CONFIRM)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^New password again/));
    await user.type(screen.getByLabelText(/^New password again/), "a yard of my own");
    await user.click(screen.getByRole("button", { name: "Set password and log in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pioneer Metal Traders" }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/my-yard/1");
    expect(await sent(requests, CONFIRM)[0]?.json()).toEqual({ password: "a yard of my own" });
  });

  it("asks an existing owner account's password to add the yard to it", async () => {
    const user = userEvent.setup();
    const { requests } = renderClaim({ ...CLAIM, hasAccount: true });
    await user.type(await screen.findByLabelText(/^Your password/, {}, WAIT), "my old password");
    expect(screen.queryByLabelText(/again/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add this yard and log in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pioneer Metal Traders" }, WAIT)).toBeInTheDocument();
    expect(await sent(requests, CONFIRM)[0]?.json()).toEqual({ password: "my old password" });
  });

  it("says so when the link was used, expired or refused", async () => {
    renderClaim(() => json({ message: "This link has expired or was already used." }, 410));
    expect(await screen.findByRole("heading", { name: "This link can no longer be used" }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This link has expired or was already used.");
  });

  it("shows the server's refusal of a wrong password", async () => {
    const user = userEvent.setup();
    serve(fetchSpy, {
      ...LOGGED_OUT,
      [`GET /api/yard-claims/${TOKEN}`]: { ...CLAIM, hasAccount: true },
      [CONFIRM]: () => json({ message: "Wrong password for thandi@example.org." }, 401),
    });
    renderConsole(`/admin/claim?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/^Your password/, {}, WAIT), "not it");
    await user.click(screen.getByRole("button", { name: "Add this yard and log in" }));
    expect(await screen.findByText("Wrong password for thandi@example.org.", {}, WAIT)).toBeInTheDocument();
  });
});
