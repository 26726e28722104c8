import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, unwrap, unwrapEmpty } from "@/api/client";
import { spyOnFetch } from "@/test/network";
import { json, sent, serve } from "../test-fixtures";
import { authApi, CSRF_HEADER, createConsoleClient } from "./client";

const fetchSpy = spyOnFetch();
const onEnd = vi.fn();
afterEach(() => onEnd.mockReset());

function consoleClient() {
  return createConsoleClient({ csrfToken: () => "csrf-789", onEnd });
}

describe("the console's client", () => {
  it("sends the CSRF token on state-changing calls only, with the session cookie", async () => {
    const requests = serve(fetchSpy, {
      "GET /api/admin/summary": {},
      "POST /api/admin/users/4/disable": {},
      "DELETE /api/admin/newsletter-subscribers/9": () => new Response(null, { status: 204 }),
    });
    const api = consoleClient();
    await api.GET("/api/admin/summary");
    await api.POST("/api/admin/users/{user_id}/disable", { params: { path: { user_id: 4 } } });
    await unwrapEmpty(
      api.DELETE("/api/admin/newsletter-subscribers/{subscriber_id}", { params: { path: { subscriber_id: 9 } } }),
    );
    const [read] = sent(requests, "GET /api/admin/summary");
    expect(read?.headers.has(CSRF_HEADER)).toBe(false);
    expect(read?.headers.get("Accept")).toBe("application/json");
    expect(read?.credentials).toBe("include");
    expect(sent(requests, "POST /api/admin/users/4/disable")[0]?.headers.get(CSRF_HEADER)).toBe("csrf-789");
    expect(sent(requests, "DELETE /api/admin/newsletter-subscribers/9")[0]?.headers.get(CSRF_HEADER)).toBe("csrf-789");
  });

  it("reads the token at each call, sends none without a session, and none when logging in", async () => {
    const requests = serve(fetchSpy, { "POST /api/auth/logout": () => new Response(null, { status: 204 }) });
    let token: string | undefined;
    const api = createConsoleClient({ csrfToken: () => token, onEnd });
    await api.POST("/api/auth/logout");
    token = "csrf-new";
    await api.POST("/api/auth/logout");
    await authApi.POST("/api/auth/logout");
    const tokens = sent(requests, "POST /api/auth/logout").map((request) => request.headers.get(CSRF_HEADER));
    expect(tokens).toEqual([null, "csrf-new", null]);
  });

  it("ends the session on a 401 and keeps the server's message in the error", async () => {
    serve(fetchSpy, {
      "GET /api/admin/summary": () => json({ message: "Log in to continue." }, 401),
      "POST /api/admin/price-reports/7/approve": () => json({ message: "This report was already approved." }, 409),
    });
    const api = consoleClient();
    const approve = unwrap(
      api.POST("/api/admin/price-reports/{report_id}/approve", { params: { path: { report_id: 7 } }, body: {} }),
    );
    await expect(approve).rejects.toEqual(new ApiError(409, '409: {"message":"This report was already approved."}'));
    expect(onEnd).not.toHaveBeenCalled();
    await expect(unwrap(api.GET("/api/admin/summary"))).rejects.toMatchObject({ status: 401 });
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it("is typed by the OpenAPI schema: an unknown path or a wrong body does not compile", async () => {
    serve(fetchSpy, {});
    const api = consoleClient();
    // @ts-expect-error -- no such route in schema.d.ts
    await api.GET("/api/admin/no-such-screen");
    await api.POST("/api/admin/price-reports/{report_id}/reject", {
      params: { path: { report_id: 7 } },
      // @ts-expect-error -- a rejection must give its reason
      body: {},
    });
    // @ts-expect-error -- the path's id is a number
    await api.POST("/api/admin/users/{user_id}/disable", { params: { path: { user_id: "4" } } });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });
});
