import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, MODERATOR, page, renderConsole, sent, serve, WAIT } from "../test-fixtures";
import type { AdminApiKey, ApiKeyCreated } from "./api-key-actions";

const fetchSpy = spyOnFetch();
const confirm = vi.spyOn(window, "confirm");
afterEach(() => confirm.mockReset());

const KEY: AdminApiKey = {
  id: 4,
  name: "Acme Metals",
  contactEmail: "dev@acme.example",
  prefix: "sk_live_1a2b3c4d",
  quotaPerDay: 5000,
  quotaPerMinute: 120,
  createdBy: "ops@example.com",
  createdAt: "2026-11-28T08:00:00Z",
  rotatedFrom: null,
  revokedAt: null,
  lastUsedAt: "2026-11-29T06:00:00Z",
  requestsToday: 1234,
};
const SECRET = "sk_live_9f8e7d6c_Qm9vX2Jhcl9iYXpfcXV4X3F1dXhfY29ycmVjdF9ob3Jz";
const CREATED: ApiKeyCreated = {
  key: { ...KEY, id: 5, prefix: "sk_live_9f8e7d6c", requestsToday: 0, lastUsedAt: null },
  secret: SECRET,
  message: "Copy the key now: it is shown this once and cannot be shown again.",
};

describe("the API keys screen", () => {
  it("makes a key and shows its secret once, with a copy button", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/api-keys": page([KEY]),
      "POST /api/admin/api-keys": CREATED,
    });
    renderConsole("/admin/api-keys");
    const row = within((await screen.findByText("Acme Metals", {}, WAIT)).closest("tr") as HTMLElement);
    expect(row.getByText("1,234")).toBeInTheDocument();
    expect(row.getByText("5,000/day")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Make key" }));
    expect(screen.getByText("Say who the key is for.")).toBeInTheDocument();
    expect(sent(requests, "POST /api/admin/api-keys")).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: /For \(client's name\)/ }), "Acme Metals");
    await user.type(screen.getByRole("textbox", { name: /Requests per day/ }), "5000");
    await user.click(screen.getByRole("button", { name: "Make key" }));
    const shown = within(await screen.findByRole("region", { name: "New API key" }, WAIT));
    expect(shown.getByText(SECRET)).toBeInTheDocument();
    const [posted] = sent(requests, "POST /api/admin/api-keys");
    expect(await posted?.json()).toEqual({
      name: "Acme Metals",
      contactEmail: null,
      quotaPerDay: 5000,
      quotaPerMinute: null,
    });
    await user.click(shown.getByRole("button", { name: "Copy key" }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await shown.findByText("Copied.")).toBeInTheDocument();
    await user.click(shown.getByRole("button", { name: "I have copied it" }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("rotates and revokes after asking, and shows a key's use per day", async () => {
    const user = userEvent.setup();
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/api-keys": page([KEY]),
      "GET /api/admin/api-keys/4/usage": {
        keyId: 4,
        days: [{ date: "2026-11-29", requests: 1234, refused: 7 }],
      },
      "POST /api/admin/api-keys/4/rotate": CREATED,
      "POST /api/admin/api-keys/4/revoke": { ...KEY, revokedAt: "2026-11-29T09:00:00Z" },
    });
    renderConsole("/admin/api-keys");
    const subject = "Acme Metals's key sk_live_1a2b3c4d";
    await user.click(await screen.findByRole("button", { name: `Use per day of ${subject}` }, WAIT));
    const usage = within((await screen.findByText(/Requests per UTC day/, {}, WAIT)).closest("table") as HTMLElement);
    expect(usage.getByRole("row", { name: "2026-11-29 1,234 7" })).toBeInTheDocument();

    confirm.mockReturnValueOnce(false);
    await user.click(screen.getByRole("button", { name: `Revoke ${subject}` }));
    expect(sent(requests, "POST /api/admin/api-keys/4/revoke")).toHaveLength(0);
    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole("button", { name: `Revoke ${subject}` }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/api-keys/4/revoke")).toHaveLength(1));
    expect(sent(requests, "POST /api/admin/api-keys/4/revoke")[0]?.headers.get("X-CSRF-Token")).toBe("csrf-123");

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole("button", { name: `Rotate ${subject}` }));
    expect(await screen.findByText(SECRET, {}, WAIT)).toBeInTheDocument();
  });

  it("is an admin's: a moderator has no nav item for it", async () => {
    serve(fetchSpy, { "GET /api/auth/me": MODERATOR, "GET /api/admin/summary": {} });
    renderConsole("/admin/audit");
    await screen.findByRole("link", { name: "Audit log" }, WAIT);
    expect(screen.queryByRole("link", { name: "API keys" })).not.toBeInTheDocument();
  });
});
