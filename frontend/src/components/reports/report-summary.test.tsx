import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PriceReportSummary } from "@/api/client";
import { answerJson, spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { reportQueries } from "./api";
import { ReportSummary, summaryDetail, summaryHeadline } from "./report-summary";

const fetchSpy = spyOnFetch();
const WAIT = { timeout: 4000 };

// Shaped like GET /api/price-reports?citySlug=johannesburg&materialSlug=copper.
const summary = (fields: Partial<PriceReportSummary>): PriceReportSummary => ({
  citySlug: "johannesburg",
  materialSlug: "copper",
  windowDays: 14,
  count: 6,
  medianPerKg: "182.00",
  minPerKg: "150.00",
  maxPerKg: "210.00",
  latestDate: "2026-11-24",
  currency: "ZAR",
  publishesPrice: true,
  unit: "kg",
  ...fields,
});
const NONE = summary({ count: 0, medianPerKg: null, minPerKg: null, maxPerKg: null, latestDate: null });
const ONE = summary({ count: 1, medianPerKg: "182.00", minPerKg: "182.00", maxPerKg: "182.00", publishesPrice: false });

describe("summaryHeadline and summaryDetail", () => {
  it("say nothing without reports", () => {
    expect(summaryHeadline(NONE, "kg")).toBeNull();
  });

  it("name one seller in the singular, without a range", () => {
    expect(summaryHeadline(ONE, "kg")).toBe("Reported by 1 seller in the last 14 days: median R182.00/kg");
    expect(summaryDetail(ONE, "kg")).toBe("latest Nov 24, 2026");
  });

  it("give six sellers' median, range and latest date in the chosen unit", () => {
    const six = summary({});
    expect(summaryHeadline(six, "kg")).toBe("Reported by 6 sellers in the last 14 days: median R182.00/kg");
    expect(summaryDetail(six, "kg")).toBe("Range R150.00–R210.00/kg · latest Nov 24, 2026");
    expect(summaryHeadline(six, "t")).toBe("Reported by 6 sellers in the last 14 days: median R182,000.00/t");
  });
});

function renderSummary(seed?: PriceReportSummary) {
  return renderRoute(<ReportSummary citySlug="johannesburg" materialSlug="copper" saleUnit="kg" />, {
    path: "/",
    url: "/",
    seed: seed ? [[reportQueries.summary("johannesburg", "copper").queryKey, seed]] : [],
  });
}

describe("ReportSummary", () => {
  it("asks the API for the city and material and shows six sellers' summary", async () => {
    fetchSpy.mockImplementation(answerJson(summary({})));
    renderSummary();
    expect(await screen.findByText(/Reported by 6 sellers/, {}, WAIT)).toBeInTheDocument();
    const request = fetchSpy.mock.calls[0]?.[0] as Request;
    const url = new URL(request.url);
    expect(url.pathname).toBe("/api/price-reports");
    expect(Object.fromEntries(url.searchParams)).toEqual({ citySlug: "johannesburg", materialSlug: "copper" });
    expect(screen.getByText("Range R150.00–R210.00/kg · latest Nov 24, 2026")).toBeInTheDocument();
  });

  it("follows the unit preference", () => {
    window.localStorage.setItem("scrapindex.unit", "lb");
    renderSummary(ONE);
    expect(screen.getByTestId("report-summary")).toHaveTextContent(
      "Reported by 1 seller in the last 14 days: median R82.55/lb",
    );
  });

  it("shows nothing at all when no report counts", async () => {
    fetchSpy.mockImplementation(answerJson(NONE));
    const { client } = renderSummary();
    const key = reportQueries.summary("johannesburg", "copper").queryKey;
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe("success"), WAIT);
    expect(screen.queryByTestId("report-summary")).not.toBeInTheDocument();
    expect(screen.queryByText(/Reported by/)).not.toBeInTheDocument();
  });

  it("shows nothing when the summary cannot be loaded", async () => {
    fetchSpy.mockImplementation(answerJson({ message: "Internal server error" }, 500));
    renderSummary();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled(), WAIT);
    expect(screen.queryByTestId("report-summary")).not.toBeInTheDocument();
  });
});
