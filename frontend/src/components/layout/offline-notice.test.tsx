import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "@/api/client";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { createConnection, watchApi } from "./connection";
import { OfflineNotice } from "./offline-notice";

const fetchSpy = spyOnFetch();

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="saved-copy"]')) meta.remove();
});

function renderNotice(url = "/za/durban") {
  window.history.replaceState(null, "", url); // where the app's BrowserRouter would read it
  const connection = createConnection(window);
  const result = renderRoute(<OfflineNotice connection={connection} />, { path: "*", url });
  return { ...result, connection };
}

const notice = () => screen.getByRole("status");
const live = (status = 200) => new Response("{}", { status });
const copy = (savedAt: string) => new Response("{}", { headers: { "X-Saved-At": savedAt } });

describe("Offline notice", () => {
  it("is an empty polite live region while the site can be reached", () => {
    renderNotice();
    expect(notice()).toBeEmptyDOMElement();
  });

  it("says so while the browser is offline, and goes when it is back online", () => {
    renderNotice();
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(notice()).toHaveTextContent("You're offline. Pages you have opened before can still be viewed.");
    act(() => void window.dispatchEvent(new Event("online")));
    expect(notice()).toBeEmptyDOMElement();
  });

  it("says the site cannot be reached when a request reaches nothing, until an answer comes live", () => {
    const { connection } = renderNotice();
    act(() => connection.failed());
    expect(notice()).toHaveTextContent("ScrapIndex can't be reached right now.");
    act(() => connection.answered(live()));
    expect(notice()).toBeEmptyDOMElement();
    act(() => connection.answered(live(503)));
    expect(notice()).toHaveTextContent("ScrapIndex can't be reached right now.");
  });

  it("hears of failed requests from the API client", async () => {
    const connection = createConnection(window);
    const client = createApiClient();
    watchApi(client, connection);
    fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(client.GET("/api/stats")).rejects.toThrow("Failed to fetch");
    expect(connection.getSnapshot().unreachable).toBe(true);
    fetchSpy.mockResolvedValue(Response.json({}));
    await client.GET("/api/stats");
    expect(connection.getSnapshot().unreachable).toBe(false);
  });

  it("dates a page whose data came from saved copies by its oldest copy, on that page only", async () => {
    const { connection, router } = renderNotice();
    act(() => connection.answered(copy("2026-11-27T08:00:00.000Z")));
    act(() => connection.answered(copy("2026-11-28T08:00:00.000Z")));
    expect(notice()).toHaveTextContent(
      "ScrapIndex can't be reached right now. Shown from a copy saved on Nov 27, 2026.",
    );
    window.history.replaceState(null, "", "/za/johannesburg");
    await act(() => router.navigate("/za/johannesburg"));
    expect(notice()).toHaveTextContent("ScrapIndex can't be reached right now. Pages you have opened before");
    expect(notice()).not.toHaveTextContent("Shown from a copy");
  });

  it("says when a page the service worker answered from its cache was saved", () => {
    const meta = document.createElement("meta");
    meta.name = "saved-copy";
    meta.content = "2026-11-21T16:45:00.000Z";
    document.head.append(meta);
    renderNotice("/za/durban");
    expect(notice()).toHaveTextContent("Shown from a copy saved on Nov 21, 2026.");
  });
});
