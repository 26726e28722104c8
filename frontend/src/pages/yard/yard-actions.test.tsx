import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { cityQueries, yardQueries } from "@/api/queries";
import * as analyticsModule from "@/lib/analytics";
import { spyOnFetch } from "@/test/network";
import { renderRoute, type Seed } from "@/test/render";
import { Component as YardPage } from "./index";
import { PRICES, YARD } from "./test-fixtures";

spyOnFetch(); // nothing here should reach the network: the yard and its prices are seeded
const WAIT = { timeout: 4000 };
const SEED: Seed = [
  [yardQueries.detail(YARD.id).queryKey, YARD],
  [cityQueries.prices(YARD.city.slug).queryKey, PRICES],
];

let track: MockInstance<typeof analyticsModule.trackEvent>;
beforeEach(() => {
  track = vi.spyOn(analyticsModule, "trackEvent");
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "share");
});

function renderYard() {
  return renderRoute(<YardPage />, { path: "/scrap-yard/:yardId", url: "/scrap-yard/1", seed: SEED });
}

function stubShare(implementation: () => Promise<void>) {
  const share = vi.fn(implementation);
  Object.defineProperty(navigator, "share", { value: share, configurable: true });
  return share;
}

const shareEvent = { action: "share", category: "scrap_yards", label: "Pioneer Metal Traders" };

describe("Sharing a scrap yard", () => {
  it("uses the native share sheet when there is one", async () => {
    const share = stubShare(async () => undefined);
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, "writeText");
    renderYard();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({
      title: "Pioneer Metal Traders",
      text: "Pioneer Metal Traders, scrap yard in Johannesburg, South Africa",
      url: window.location.href,
    });
    expect(write).not.toHaveBeenCalled();
    expect(track).toHaveBeenCalledWith(shareEvent);
  });

  it("treats a cancelled share sheet as no error", async () => {
    stubShare(() => Promise.reject(new DOMException("Share canceled", "AbortError")));
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, "writeText");
    renderYard();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(write).not.toHaveBeenCalled();
    expect(screen.queryByText("Could not copy the link")).not.toBeInTheDocument();
    expect(screen.queryByText("Link copied")).not.toBeInTheDocument();
  });

  it("copies the link and says so when the browser has no share sheet", async () => {
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, "writeText");
    renderYard();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(write).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText("Link copied", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("The link to this scrap yard is on your clipboard.")).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href);
    expect(track).toHaveBeenCalledWith(shareEvent);
  });

  it("says so when the link cannot be copied", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    renderYard();
    await user.click(screen.getByRole("button", { name: "Share" }));
    const title = await screen.findByText("Could not copy the link", {}, WAIT);
    expect(title.closest("li")).toHaveClass("bg-red-700"); // the destructive variant
    expect(screen.queryByText("Link copied")).not.toBeInTheDocument();
  });
});

describe("Usage events", () => {
  // Following tel:, mailto: and new-tab links is not for jsdom; the click handlers still run.
  const stopNavigation = (event: Event) => event.preventDefault();
  beforeEach(() => document.addEventListener("click", stopNavigation));
  afterEach(() => document.removeEventListener("click", stopNavigation));

  it("records one view of the yard", async () => {
    const { client } = renderYard();
    await waitFor(() =>
      expect(track).toHaveBeenCalledWith({
        action: "view_scrap_yard",
        category: "scrap_yards",
        label: "Johannesburg - Pioneer Metal Traders",
      }),
    );
    // New data for the same yard is not a second view.
    client.setQueryData(yardQueries.detail(1).queryKey, { ...YARD, reviewCount: 14 });
    expect(await screen.findByText("(14 reviews)", {}, WAIT)).toBeInTheDocument();
    expect(track.mock.calls.filter(([event]) => event.action === "view_scrap_yard")).toHaveLength(1);
  });

  it.each([
    ["Call", "call"],
    ["Email", "email"],
    [/Get Directions/, "directions"],
  ])("records %s", async (name, action) => {
    const user = userEvent.setup();
    renderYard();
    const contact = screen.getByRole("heading", { name: "Contact Information" }).closest(".rounded-lg") as HTMLElement;
    await user.click(within(contact).getByRole("link", { name }));
    expect(track).toHaveBeenCalledWith({ action, category: "scrap_yards", label: "Pioneer Metal Traders" });
  });
});
