import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { spyOnFetch } from "@/test/network";
import type { AdminYardClaim, AdminYardOwner } from "../api/types";
import { ADMIN, json, MODERATOR, page, renderConsole, sent, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();
const confirm = vi.spyOn(window, "confirm");
afterEach(() => confirm.mockReset());

const CLAIM: AdminYardClaim = {
  id: 5,
  yard: {
    id: 1,
    name: "Pioneer Metal Traders",
    address: "39 Old Pretoria Road, Selby",
    email: null,
    citySlug: "johannesburg",
    cityName: "Johannesburg",
    owners: 0,
  },
  route: "operators",
  name: "Thandi Nkosi",
  email: "thandi@example.org",
  evidence: "I run the yard with my brother.\nCall the landline and ask for Thandi.",
  status: "pending",
  sender: "3f9a1c2e",
  createdAt: "2026-11-28T08:00:00Z",
  expiresAt: null,
  decidedAt: null,
  decidedBy: null,
  reason: null,
};

const OWNER_ROW: AdminYardOwner = {
  id: 3,
  userId: 9,
  email: "thandi@example.org",
  yard: { id: 1, name: "Pioneer Metal Traders", citySlug: "johannesburg", cityName: "Johannesburg" },
  addedBy: "claim",
  addedAt: "2026-11-28T09:00:00Z",
  suspendedAt: null,
  suspendedBy: null,
  lastLoginAt: "2026-11-29T06:00:00Z",
};

describe("the yard claims queue", () => {
  it("shows the claimant's evidence and refuses only with a reason", async () => {
    const user = userEvent.setup();
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-owners/claims": page([CLAIM]),
      "POST /api/admin/yard-owners/claims/5/refuse": { ...CLAIM, status: "refused" },
    });
    // The operators' notice mail links /admin/queue/claims: the same screen.
    const { router } = renderConsole("/admin/queue/claims");
    const card = within(await screen.findByRole("article", {}, WAIT));
    expect(router.state.location.pathname).toBe("/admin/yard-claims");
    expect(card.getByText(/^I run the yard with my brother\./)).toHaveTextContent(
      "I run the yard with my brother. Call the landline and ask for Thandi.",
    );
    expect(card.getByText("Thandi Nkosi (thandi@example.org)")).toBeInTheDocument();
    expect(card.getByText("Asked our team")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Refuse" }));
    expect(card.getByRole("alert")).toHaveTextContent("Give a reason to refuse.");
    expect(sent(requests, "POST /api/admin/yard-owners/claims/5/refuse")).toHaveLength(0);
    await user.type(card.getByRole("textbox", { name: /Reason/ }), "The landline says no Thandi works there.");
    await user.click(card.getByRole("button", { name: "Refuse" }));
    expect(
      await screen.findByText("Refused: Thandi Nkosi's claim of Pioneer Metal Traders.", {}, WAIT),
    ).toBeInTheDocument();
    const [refuse] = sent(requests, "POST /api/admin/yard-owners/claims/5/refuse");
    expect(refuse?.headers.get("X-CSRF-Token")).toBe(MODERATOR.csrfToken);
    expect(await refuse?.json()).toEqual({ reason: "The landline says no Thandi works there." });
    expect(new URL(sent(requests, "GET /api/admin/yard-owners/claims")[0]?.url ?? "").searchParams.get("status")).toBe(
      "pending",
    );
  });

  it("approves a claim, which mails the claimant a link", async () => {
    const user = userEvent.setup();
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-owners/claims": page([CLAIM]),
      "POST /api/admin/yard-owners/claims/5/approve": { ...CLAIM, status: "approved" },
    });
    renderConsole("/admin/yard-claims");
    await user.click(await screen.findByRole("button", { name: "Approve" }, WAIT));
    expect(
      await screen.findByText("Approved: Thandi Nkosi's claim of Pioneer Metal Traders; a link is mailed.", {}, WAIT),
    ).toBeInTheDocument();
    expect(sent(requests, "POST /api/admin/yard-owners/claims/5/approve")).toHaveLength(1);
  });

  it("lists decided claims with who decided, and no buttons", async () => {
    const refused = {
      ...CLAIM,
      status: "refused" as const,
      decidedBy: "mod@example.com",
      decidedAt: "2026-11-28T10:00:00Z",
      reason: "No proof",
    };
    serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/yard-owners/claims": page([refused]) });
    renderConsole("/admin/yard-claims?status=refused");
    expect(await screen.findByText(/^Decided by mod@example.com on .*: No proof$/, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    const filter = screen.getByRole("navigation", { name: "Yard claims by status" });
    expect(within(filter).getByRole("link", { name: "Refused" })).toHaveAttribute("aria-current", "page");
  });

  it("offers only to refuse a claim whose link is already mailed", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-owners/claims": page([{ ...CLAIM, route: "listing-email" as const, evidence: null }]),
    });
    renderConsole("/admin/yard-claims");
    expect(await screen.findByRole("button", { name: "Refuse" }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    expect(screen.getByText("Link mailed to the listing's e-mail")).toBeInTheDocument();
  });
});

describe("the yard owners screen", () => {
  it("suspends an owner after a confirmation", async () => {
    const user = userEvent.setup();
    confirm.mockReturnValue(true);
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-owners": page([OWNER_ROW]),
      "POST /api/admin/yard-owners/3/suspend": { ...OWNER_ROW, suspendedAt: "2026-11-29T10:00:00Z" },
    });
    renderConsole("/admin/yard-owners");
    const row = within(
      (await screen.findByRole("cell", { name: "thandi@example.org" }, WAIT)).closest("tr") as HTMLElement,
    );
    expect(row.getByText("by a confirmed claim")).toBeInTheDocument();
    await user.click(row.getByRole("button", { name: "Suspend thandi@example.org for Pioneer Metal Traders" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/yard-owners/3/suspend")).toHaveLength(1), WAIT);
    expect(confirm).toHaveBeenCalledWith(
      "Suspend thandi@example.org for Pioneer Metal Traders? They can no longer post for the yard.",
    );
    // A moderator may not add owners: the form is an admin's.
    expect(screen.queryByRole("form", { name: "Add an owner to a yard" })).not.toBeInTheDocument();
  });

  it("reinstates a suspended owner", async () => {
    const user = userEvent.setup();
    confirm.mockReturnValue(true);
    const suspended = { ...OWNER_ROW, suspendedAt: "2026-11-29T10:00:00Z", suspendedBy: "ops@example.com" };
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/yard-owners": page([suspended]),
      "POST /api/admin/yard-owners/3/reinstate": OWNER_ROW,
    });
    renderConsole("/admin/yard-owners");
    expect(await screen.findByText(/^Suspended .* by ops@example.com$/, {}, WAIT)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reinstate thandi@example.org for Pioneer Metal Traders" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/yard-owners/3/reinstate")).toHaveLength(1), WAIT);
  });

  it("lets an admin add an owner to a yard by e-mail", async () => {
    const user = userEvent.setup();
    const message = "We mailed new@example.org a link to set a password.";
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/yard-owners": page([OWNER_ROW]),
      "POST /api/admin/yard-owners": { status: "link-sent", message, owner: null, claimId: 12 },
    });
    renderConsole("/admin/yard-owners");
    const form = within(await screen.findByRole("form", { name: "Add an owner to a yard" }, WAIT));
    await user.type(form.getByRole("textbox", { name: /Owner's e-mail/ }), "new@example.org");
    await user.click(form.getByRole("button", { name: "Add owner" }));
    expect(form.getByRole("textbox", { name: /Yard number/ })).toHaveFocus();
    await user.type(form.getByRole("textbox", { name: /Yard number/ }), "1");
    await user.click(form.getByRole("button", { name: "Add owner" }));
    expect(await form.findByText(message, {}, WAIT)).toBeInTheDocument();
    expect(await sent(requests, "POST /api/admin/yard-owners")[0]?.json()).toEqual({
      yardId: 1,
      email: "new@example.org",
    });
  });

  it("shows the server's refusal", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/yard-owners": () => json({ message: "Only admins may see this." }, 403),
    });
    renderConsole("/admin/yard-owners");
    expect(await screen.findByText("Only admins may see this.", {}, WAIT)).toBeInTheDocument();
  });
});
