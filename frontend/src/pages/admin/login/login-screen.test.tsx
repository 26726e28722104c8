import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { ADMIN, json, renderConsole, SESSION_SUMMARY, sent, serve, WAIT } from "../test-fixtures";

const fetchSpy = spyOnFetch();
const LOGGED_OUT = { "GET /api/auth/me": () => json({ message: "Log in to continue." }, 401) };

async function logIn(password = "correct horse") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("E-mail", {}, WAIT), "ops@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

describe("the console's login", () => {
  it("sends a visitor without a session to the login form", async () => {
    serve(fetchSpy, LOGGED_OUT);
    const { router } = renderConsole("/admin/inbox");
    expect(await screen.findByRole("heading", { name: "Operator login" }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/login");
    expect(document.title).toBe("Operator console — ScrapIndex");
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex,nofollow");
  });

  it("logs in and shows the dashboard's counts, each linking to its queue", async () => {
    const requests = serve(fetchSpy, {
      ...LOGGED_OUT,
      "POST /api/auth/login": ADMIN,
      "GET /api/admin/summary": SESSION_SUMMARY,
    });
    renderConsole("/admin");
    await logIn();
    const link = await screen.findByRole("link", { name: /4\s*Price reports waiting/ }, WAIT);
    expect(link).toHaveAttribute("href", "/admin/queue/reports");
    expect(screen.getByRole("link", { name: /2\s*Unhandled messages/ })).toHaveAttribute("href", "/admin/inbox");
    const [login] = sent(requests, "POST /api/auth/login");
    expect(await login?.json()).toEqual({ email: "ops@example.com", password: "correct horse" });
    expect(screen.getByText("ops@example.com (admin)")).toBeInTheDocument();
  });

  it("shows the server's answer to a wrong password and to too many tries", async () => {
    let answer = json({ message: "Wrong e-mail or password." }, 401);
    serve(fetchSpy, { ...LOGGED_OUT, "POST /api/auth/login": () => answer });
    renderConsole("/admin/login");
    await logIn("wrong");
    expect(await screen.findByRole("alert", {}, WAIT)).toHaveTextContent("Wrong e-mail or password.");
    answer = new Response(JSON.stringify({ message: "Too many failed logins. Try again in 5 minutes." }), {
      status: 429,
      headers: { "Retry-After": "300" },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Try again in 5 minutes."), WAIT);
  });

  it("sends the operator back to the login when a call answers 401", async () => {
    serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/summary": () => json({ message: "Log in to continue." }, 401),
    });
    const { router } = renderConsole("/admin");
    expect(await screen.findByText("Your session has ended. Log in again.", {}, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/login");
  });

  it("logs out with the CSRF token and returns to the login", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/summary": SESSION_SUMMARY,
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    renderConsole("/admin");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Log out" }, WAIT));
    expect(await screen.findByRole("heading", { name: "Operator login" }, WAIT)).toBeInTheDocument();
    expect(sent(requests, "POST /api/auth/logout")[0]?.headers.get("X-CSRF-Token")).toBe("csrf-123");
    expect(screen.queryByText("Your session has ended. Log in again.")).not.toBeInTheDocument();
  });

  it("logs out everywhere with the CSRF token and returns to the login", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/auth/me": ADMIN,
      "GET /api/admin/summary": SESSION_SUMMARY,
      "POST /api/auth/logout-everywhere": () => new Response(null, { status: 204 }),
    });
    renderConsole("/admin");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Log out everywhere" }, WAIT));
    expect(await screen.findByRole("heading", { name: "Operator login" }, WAIT)).toBeInTheDocument();
    expect(sent(requests, "POST /api/auth/logout-everywhere")[0]?.headers.get("X-CSRF-Token")).toBe("csrf-123");
  });
});
