import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import type { CityPriceRow } from "@/api/client";
import { convertStoredPrice, formatMoney, formatPercent, UNIT_LABELS, type Unit } from "@/lib/format";

const TRENDS = {
  up: { Icon: TrendingUp, label: "Up", colour: "text-green-700" },
  down: { Icon: TrendingDown, label: "Down", colour: "text-red-700" },
  flat: { Icon: Minus, label: "No change", colour: "text-slate-600" },
} as const;

type TrendRow = Pick<CityPriceRow, "trend" | "changePercent">;

/**
 * The trend as the row shows it: flat when the percentage rounds to 0.0%, so a +R0.05 move on
 * a R16,000 price gets no up arrow (or green) next to "0.0%". The exact amount stays in the
 * change cell's tooltip and screen-reader text.
 */
export function shownTrend(row: TrendRow): keyof typeof TRENDS {
  if (row.changePercent !== null && Number(row.changePercent.toFixed(1)) === 0) return "flat";
  return row.trend in TRENDS ? (row.trend as keyof typeof TRENDS) : "flat";
}

function trendOf(row: TrendRow) {
  return TRENDS[shownTrend(row)];
}

/**
 * Why a row shows no change. The API compares an estimate with an earlier estimate only: against
 * the demo or feed price before it, the difference would be two methods', not a market move.
 */
function noChangeReason(row: Pick<CityPriceRow, "source" | "previousPrice">): string {
  return row.source.kind === "estimate" && row.previousPrice !== null
    ? "No earlier estimate to compare with"
    : "No earlier price to compare with";
}

/**
 * The real day-on-day change: percent shown, the absolute amount in a tooltip and for screen
 * readers, in the unit of the price beside it (`unit`: per piece for a catalytic converter).
 */
export function ChangeCell({ row, unit }: { row: CityPriceRow; unit: Unit }) {
  if (row.changeExact === null || row.changePercent === null) {
    const reason = noChangeReason(row);
    return (
      <span className="text-slate-600" title={reason}>
        {formatPercent(null)}
        <span className="sr-only"> ({reason.toLowerCase()})</span>
      </span>
    );
  }
  const amount = convertStoredPrice(row.changeExact, unit);
  const absolute = `${amount > 0 ? "+" : ""}${formatMoney(amount, row.currency)} ${UNIT_LABELS[unit]}`;
  const detail = `${absolute} since the previous price`;
  return (
    <span className={`font-medium ${trendOf(row).colour}`} title={detail}>
      {formatPercent(row.changePercent)}
      <span className="sr-only"> ({detail})</span>
    </span>
  );
}

export function TrendIndicator({ row }: { row: TrendRow }) {
  const { Icon, label, colour } = trendOf(row);
  return (
    <span className={`inline-flex items-center ${colour}`}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
