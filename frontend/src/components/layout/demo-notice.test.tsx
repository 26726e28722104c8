import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SiteStats } from "@/api/client";
import { renderRoute } from "@/test/render";
import { DemoNotice } from "./demo-notice";
import { Footer } from "./footer";

// Shaped as GET /api/stats.
const STATS: SiteStats = {
  countries: 7,
  cities: 75,
  materials: 34,
  scrapYards: 569,
  dailyPriceUpdates: 2550,
  latestPriceDate: "2026-11-22",
  demoData: true,
  priceKinds: [{ kind: "demo", prices: 2550 }],
  priceDays: 30,
  priceDaysWindow: 30,
};

function renderLayoutParts(stats: SiteStats) {
  return renderRoute(
    <>
      <DemoNotice />
      <Footer />
    </>,
    { path: "/", url: "/", seed: [[["/api/stats"], stats]] },
  );
}

describe("Demo notice and footer", () => {
  it("say the prices are a generated demo data set while demo prices are shown", () => {
    renderLayoutParts(STATS);
    const notice = screen.getByRole("region", { name: "Demo data" });
    expect(notice).toHaveTextContent("The prices on this site are a generated demo data set, not real quotes.");
    expect(screen.getByText(/yard listings shown are a generated demo data set/)).toBeInTheDocument();
  });

  it("are silent about demo data when no shown price is demo", () => {
    renderLayoutParts({ ...STATS, demoData: false, priceKinds: [{ kind: "feed", prices: 2550 }] });
    expect(screen.queryByRole("region", { name: "Demo data" })).not.toBeInTheDocument();
    expect(screen.queryByText(/demo data/i)).not.toBeInTheDocument();
  });

  it("claim nothing real-time in the footer", () => {
    renderLayoutParts(STATS);
    expect(screen.getByRole("contentinfo")).not.toHaveTextContent(/real[- ]time|verified|worldwide/i);
    expect(screen.getByRole("contentinfo")).toHaveTextContent(
      "Scrap metal prices by city and material, and a directory of scrap yards in several countries.",
    );
  });
});
