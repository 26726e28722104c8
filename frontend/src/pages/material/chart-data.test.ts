import { describe, expect, it } from "vitest";
import {
  axisTickFormatter,
  chartAvailability,
  NO_CHART_TITLE,
  NO_HISTORY_HINT,
  ONE_POINT_HINT,
  prepareChartData,
  summarizeTrend,
} from "./chart-data";
import { johannesburgHistory } from "./test-fixtures";

describe("chartAvailability", () => {
  it("needs at least 2 points", () => {
    expect(chartAvailability(0)).toEqual({ ok: false, title: "No Chart Data", hint: "No price history available" });
    expect(chartAvailability(1)).toEqual({
      ok: false,
      title: NO_CHART_TITLE,
      hint: "Need at least 2 data points to show trend",
    });
    expect(chartAvailability(2)).toEqual({ ok: true });
    expect(NO_HISTORY_HINT).toBe("No price history available");
    expect(ONE_POINT_HINT).toBe("Need at least 2 data points to show trend");
  });
});

describe("prepareChartData", () => {
  it("orders points by date and keeps per-kg prices as numbers", () => {
    const shuffled = [...johannesburgHistory.points].reverse();
    const data = prepareChartData(shuffled, "kg");
    expect(data.map((point) => point.date)).toEqual(johannesburgHistory.points.map((point) => point.date));
    expect(data[0]).toEqual({ date: "2026-11-19", label: "Nov 19", value: 169.74 });
  });

  it("converts to the chosen unit", () => {
    expect(prepareChartData(johannesburgHistory.points, "t")[0]?.value).toBe(169740);
    // Unrounded (169.74 x 0.45359237 per lb): only the texts round, so a small move still moves the line.
    expect(prepareChartData(johannesburgHistory.points, "lb")[0]?.value).toBe(76.9927688838);
  });

  it("draws from the stored four decimals, so steel moving by tenths of a penny is a line, not steps", () => {
    const steel = ["0.1281", "0.1285", "0.1289", "0.1294"].map((priceExact, day) => ({
      date: `2026-11-${19 + day}`,
      price: Number(priceExact).toFixed(2),
      priceExact,
    }));
    expect(prepareChartData(steel, "kg").map((point) => point.value)).toEqual([0.1281, 0.1285, 0.1289, 0.1294]);
    expect(prepareChartData(steel, "t").map((point) => point.value)).toEqual([128.1, 128.5, 128.9, 129.4]);
  });
});

describe("axisTickFormatter", () => {
  it("uses the city's own currency symbol", () => {
    expect(axisTickFormatter("ZAR")(171.5)).toBe("R171.5");
    expect(axisTickFormatter("GBP")(7.25)).toBe("£7.25");
    expect(axisTickFormatter("CAD")(13)).toBe("C$13");
    expect(axisTickFormatter("USD")(1234)).toBe("$1,234");
  });

  it("shows the decimals the step between ticks needs, so no two ticks read alike", () => {
    const tick = axisTickFormatter("GBP");
    expect([0.156, 0.158, 0.16, 0.162].map((value) => tick(value, 0.002))).toEqual([
      "£0.156",
      "£0.158",
      "£0.160",
      "£0.162",
    ]);
    expect(tick(171.5, 0.5)).toBe("£171.5");
    expect(tick(130, 10)).toBe("£130");
    expect(tick(0.00015, 0.00001)).toBe("£0.0002");
  });
});

describe("summarizeTrend", () => {
  it("states first, last, direction and range", () => {
    const summary = summarizeTrend(prepareChartData(johannesburgHistory.points, "kg"), "ZAR");
    expect(summary).toBe(
      "From R169.74 on Nov 19, 2026 to R171.52 on Nov 22, 2026, up 1.0%. Lowest R169.74, highest R171.80.",
    );
  });

  it("says nothing without a trend", () => {
    expect(summarizeTrend(prepareChartData(johannesburgHistory.points.slice(0, 1), "kg"), "ZAR")).toBe("");
  });
});
