import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import type { ContactMessage } from "../api/types";
import { ADMIN, page, renderConsole, sent, serve, WAIT } from "../test-fixtures";
import { replyLink } from "./inbox-screen";

const fetchSpy = spyOnFetch();

const MESSAGE: ContactMessage = {
  id: 21,
  name: "Thandi Nkosi",
  email: "thandi@example.com",
  category: "corrections",
  subject: "Wrong phone number",
  message: "The listing for Jozi Metals has an old number.",
  createdAt: "2026-11-25T10:00:00Z",
  handledAt: null,
  handledBy: null,
};

describe("the contact inbox", () => {
  it("shows unhandled messages with a reply link, and marks one handled", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/contact-messages": page([MESSAGE]),
      "POST /api/admin/contact-messages/21/handled": { ...MESSAGE, handledAt: "2026-11-25T11:00:00Z" },
    });
    renderConsole("/admin/inbox");
    expect(await screen.findByText(MESSAGE.message, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Handled" })).toHaveAttribute("href", "/admin/inbox?handled=true");
    expect(screen.getByRole("link", { name: "Inbox" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
      "href",
      "mailto:thandi@example.com?subject=Re%3A%20Wrong%20phone%20number",
    );
    expect(new URL(sent(requests, "GET /api/admin/contact-messages")[0]?.url ?? "").searchParams.get("handled")).toBe(
      "false",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Mark handled" }));
    await waitFor(() => expect(sent(requests, "POST /api/admin/contact-messages/21/handled")).toHaveLength(1), WAIT);
    const [toggle] = sent(requests, "POST /api/admin/contact-messages/21/handled");
    expect(toggle?.headers.get("X-CSRF-Token")).toBe("csrf-123");
    expect(await toggle?.json()).toEqual({ handled: true });
  });

  it("marks a handled message not handled again", async () => {
    const handled = { ...MESSAGE, handledAt: "2026-11-25T11:00:00Z", handledBy: "ops@example.com" };
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/contact-messages": page([handled]),
      "POST /api/admin/contact-messages/21/handled": MESSAGE,
    });
    renderConsole("/admin/inbox?handled=true");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Mark not handled" }, WAIT));
    await waitFor(() => expect(sent(requests, "POST /api/admin/contact-messages/21/handled")).toHaveLength(1), WAIT);
    expect(await sent(requests, "POST /api/admin/contact-messages/21/handled")[0]?.json()).toEqual({ handled: false });
  });

  it("encodes the sender's address in the reply link, so it cannot add recipients or fields", async () => {
    // "?", "&", "," and "=" are all allowed before an address's @: unencoded, the address below
    // would end the recipient and add a Bcc (and a body) of the sender's choosing.
    const addresses = ["a?bcc=victim@evil.example", "a@b.example?bcc=victim@evil.example&body=x,c@evil.example"];
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/contact-messages": page(
        addresses.map((email, index) => ({ ...MESSAGE, id: index + 1, email, subject: "Hi & ?bcc=x" })),
      ),
    });
    renderConsole("/admin/inbox");
    const links = await screen.findAllByRole("link", { name: "Reply by e-mail" }, WAIT);
    expect(links).toHaveLength(addresses.length);
    for (const [index, link] of links.entries()) {
      const href = link.getAttribute("href") ?? "";
      const [to, query, ...rest] = href.replace(/^mailto:/, "").split("?");
      expect(rest).toEqual([]); // one "?": the one before the subject
      expect(to).not.toMatch(/[?&,=]/);
      expect(decodeURIComponent(to ?? "")).toBe(addresses[index]);
      expect(query?.split("&")).toEqual(["subject=Re%3A%20Hi%20%26%20%3Fbcc%3Dx"]);
    }
  });

  it("does not write Re: twice", () => {
    expect(replyLink({ email: "a@example.com", subject: "Re: hello" })).toBe(
      "mailto:a@example.com?subject=Re%3A%20hello",
    );
  });
});
