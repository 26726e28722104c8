import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import type { AdminYardSuggestion } from "../api/types";
import { json, MODERATOR, page, renderConsole, sent, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();

const REVERT = "POST /api/admin/yard-suggestions/11/revert";

/** An approved correction: the yard still holds what it set. */
const APPLIED: AdminYardSuggestion = {
  id: 11,
  yard: { id: 3, name: "Jozi Metals", citySlug: "johannesburg", cityName: "Johannesburg" },
  changes: { phone: "+27 11 555 0100", permanentlyClosed: true },
  current: { phone: "+27 11 555 0100", permanentlyClosed: true },
  before: { phone: "+27 11 555 0000", permanentlyClosed: false },
  email: "seller@example.com",
  note: "New number since October",
  status: "approved",
  reviewReason: "Called them",
  reviewedBy: "mod@example.com",
  reviewedAt: "2026-11-26T09:00:00Z",
  revertedBy: null,
  revertedAt: null,
  revertReason: null,
  createdAt: "2026-11-25T09:00:00Z",
};

const REVERTED: AdminYardSuggestion = {
  ...APPLIED,
  current: APPLIED.before ?? {},
  status: "reverted",
  revertedBy: "ops@example.com",
  revertedAt: "2026-11-27T10:00:00Z",
  revertReason: "The old number works",
};

function serveApplied(revert: (request: Request) => Response = () => json(REVERTED)) {
  return serve(fetchSpy, {
    "GET /api/auth/me": MODERATOR,
    "GET /api/admin/yard-suggestions": page([APPLIED]),
    [REVERT]: revert,
  });
}

async function openRevert() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Revert the correction to Jozi Metals" }, WAIT));
  return { user, dialog: await screen.findByRole("alertdialog", {}, WAIT) };
}

describe("reverting an applied yard correction", () => {
  it("shows what it replaced beside what it set, and reverts after a confirmation naming what comes back", async () => {
    const requests = serveApplied();
    renderConsole("/admin/queue/suggestions?status=approved");
    const phone = await screen.findByRole("row", { name: /Phone/ }, WAIT);
    expect(
      within(phone)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["+27 11 555 0000", "+27 11 555 0100", "+27 11 555 0100"]);
    expect(screen.getByRole("columnheader", { name: "Before" })).toBeInTheDocument();

    const { user, dialog } = await openRevert();
    expect(within(dialog).getByText("Jozi Metals gets back the values this correction replaced:")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Phone: +27 11 555 0000", "Permanently closed: No"]);
    expect(sent(requests, REVERT)).toHaveLength(0); // nothing before the confirmation

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "The old number works");
    await user.click(within(dialog).getByRole("button", { name: "Revert correction" }));
    await waitFor(() => expect(sent(requests, REVERT)).toHaveLength(1), WAIT);
    const [revert] = sent(requests, REVERT);
    expect(revert?.headers.get("X-CSRF-Token")).toBe(MODERATOR.csrfToken);
    expect(await revert?.json()).toEqual({ reason: "The old number works" });
    expect(await screen.findByText("Reverted: the correction to Jozi Metals.", {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    const requests = serveApplied();
    renderConsole("/admin/queue/suggestions?status=approved");
    const { user, dialog } = await openRevert();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(sent(requests, REVERT)).toHaveLength(0);
  });

  it("shows the server's refusal in the confirmation, naming the fields changed since", async () => {
    const refusal =
      "The yard's phone changed since this correction was applied: reverting it would undo the newer change too.";
    serveApplied(() => json({ message: refusal }, 409));
    renderConsole("/admin/queue/suggestions?status=approved");
    const { user, dialog } = await openRevert();
    await user.click(within(dialog).getByRole("button", { name: "Revert correction" }));
    expect(await within(dialog).findByRole("alert", {}, WAIT)).toHaveTextContent(refusal);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument(); // still open: the operator reads why
  });

  it("lists reverted corrections with who applied them and who put them back, and no Revert", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-suggestions": page([REVERTED]),
    });
    renderConsole("/admin/queue/suggestions?status=reverted");
    expect(
      await screen.findByText(/^Reverted by ops@example.com on .*: The old number works$/, {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Approved by mod@example.com on .*: Called them$/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Revert/ })).not.toBeInTheDocument();
    const filter = screen.getByRole("navigation", { name: "Yard corrections by status" });
    expect(within(filter).getByRole("link", { name: "Reverted" })).toHaveAttribute("aria-current", "page");
    const [list] = sent(requests, "GET /api/admin/yard-suggestions");
    expect(new URL(list?.url ?? "").searchParams.get("status")).toBe("reverted");
  });

  it("offers no Revert on a correction still waiting", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": MODERATOR,
      "GET /api/admin/yard-suggestions": page([{ ...APPLIED, before: null, status: "pending" }]),
    });
    renderConsole("/admin/queue/suggestions");
    expect(await screen.findByRole("button", { name: "Approve" }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Revert/ })).not.toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Proposed" })).toBeInTheDocument();
  });
});
