// Data preparation for the price trend chart, kept free of the chart library so it stays
// testable and so the page does not pull the chart library in until a chart is actually drawn.
import type { PriceHistory } from "@/api/client";
import { convertStoredPrice, currencySymbol, formatDate, formatMoney, type Unit } from "@/lib/format";
import { numberFormat } from "@/lib/intl-cache";

/** One point of the chart; ``reference`` is the market reference in force on that date. */
export type ChartPoint = { date: string; label: string; value: number; reference?: number };

export type ChartAvailability = { ok: true } | { ok: false; title: string; hint: string };

export const NO_CHART_TITLE = "No Chart Data";
export const NO_HISTORY_HINT = "No price history available";
export const ONE_POINT_HINT = "Need at least 2 data points to show trend";

/** SPEC §2: a trend needs at least 2 points. */
export function chartAvailability(pointCount: number): ChartAvailability {
  if (pointCount >= 2) return { ok: true };
  return { ok: false, title: NO_CHART_TITLE, hint: pointCount === 0 ? NO_HISTORY_HINT : ONE_POINT_HINT };
}

type HistoryPoints = PriceHistory["points"];

// From the stored four decimals per kg (or piece), unrounded: steel moving by tenths of a penny a
// kg draws a line, not steps of whole pennies; only the texts (tooltip, table, summary) round.
const toUnit = (price: string, unit: Unit) => convertStoredPrice(price, unit);

/**
 * History points in date order, converted from the stored unit (a kg, or a piece) to the one shown. Each point carries the
 * newest reference point on or before its date (a monthly reference holds for its month), and
 * a series of more than a year is labelled with its years.
 */
export function prepareChartData(points: HistoryPoints, unit: Unit, reference: HistoryPoints = []): ChartPoint[] {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const references = [...reference].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted[0]?.date ?? "";
  const last = sorted[sorted.length - 1]?.date ?? "";
  const spansYears = first !== "" && Date.parse(last) - Date.parse(first) > 330 * 86_400_000;
  let next = 0;
  let inForce: string | undefined;
  return sorted.map((point) => {
    while (next < references.length && (references[next]?.date ?? "") <= point.date) {
      inForce = references[next]?.priceExact;
      next += 1;
    }
    const label = formatDate(point.date);
    return {
      date: point.date,
      label: spansYears ? label : label.replace(/, \d{4}$/, ""),
      value: toUnit(point.priceExact, unit),
      ...(inForce === undefined ? {} : { reference: toUnit(inForce, unit) }),
    };
  });
}

/** Fraction digits that tell ticks `step` apart: 0.002 needs 3 ("£0.156"), 0.5 needs 1. */
function stepDigits(step: number): number {
  if (!(step > 0)) return 2;
  return Math.min(4, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)));
}

/**
 * Y-axis tick text in the city's own currency: "R175", "£7.5", "C$13". Given the step between
 * ticks, every tick shows as many decimals as the step needs, so a steel chart per kg reads
 * "£0.156, £0.158" rather than "£0.16" four times.
 */
export function axisTickFormatter(currency: string): (value: number, step?: number) => string {
  const symbol = currencySymbol(currency);
  const loose = numberFormat("en-US", { maximumFractionDigits: 2 });
  return (value, step) => {
    if (step === undefined) return `${symbol}${loose.format(Number(value))}`;
    const digits = stepDigits(step);
    const format = numberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return `${symbol}${format.format(Number(value))}`;
  };
}

/** One sentence for screen readers: first and last price, direction and the range. */
export function summarizeTrend(data: readonly ChartPoint[], currency: string): string {
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last || data.length < 2) return "";
  const values = data.map((point) => point.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const change = first.value === 0 ? 0 : ((last.value - first.value) / first.value) * 100;
  const direction =
    last.value > first.value
      ? `up ${change.toFixed(1)}%`
      : last.value < first.value
        ? `down ${Math.abs(change).toFixed(1)}%`
        : "unchanged";
  return (
    `From ${formatMoney(first.value, currency)} on ${formatDate(first.date)} ` +
    `to ${formatMoney(last.value, currency)} on ${formatDate(last.date)}, ${direction}. ` +
    `Lowest ${formatMoney(low, currency)}, highest ${formatMoney(high, currency)}.`
  );
}
