import type { CityPriceRow } from "@/api/client";
import { formatDate, formatDay } from "@/lib/format";
import kindLabels from "../../../../content/price-kinds.json";

type PriceKind = CityPriceRow["source"]["kind"];
type Provenance = Pick<CityPriceRow, "source" | "estimate" | "stale" | "date">;

/** What each kind of price is called next to it (content/price-kinds.json, shared with the server). */
export const PRICE_KIND_LABELS: Record<PriceKind, string> = kindLabels;

/** The newest day among rows shown together: the day a row of another day is told apart from. */
export function newestDay(rows: readonly { date: string }[]): string | undefined {
  return rows.reduce<string | undefined>((newest, row) => (newest && newest > row.date ? newest : row.date), undefined);
}

type Props = {
  row: Provenance;
  /**
   * The newest day of the rows shown with this one (a city's board). Given, the row says its own
   * day: "Nov 28" quietly on that day, "Nov 24" marked when older. Tables with a date column of
   * their own leave it out.
   */
  newestDate?: string;
};

/**
 * Where a price came from, under its material: its kind (an estimate opens to its formula, a
 * native disclosure, so keyboard and screen readers need nothing more), the day of the price, and
 * for an estimate made from old inputs, their months ("inputs from Oct 2025").
 */
export function PriceProvenance({ row, newestDate }: Props) {
  const olderThanNewest = newestDate !== undefined && row.date < newestDate;
  return (
    <span className="block text-xs text-slate-600">
      {row.estimate ? (
        <details className="inline-block align-top">
          <summary className="cursor-pointer underline decoration-dotted underline-offset-2">
            {PRICE_KIND_LABELS.estimate}
          </summary>
          <span className="block max-w-xs whitespace-normal text-slate-700">{row.estimate.formula}</span>
        </details>
      ) : (
        <span title={row.source.name}>{PRICE_KIND_LABELS[row.source.kind]}</span>
      )}
      {row.stale ? (
        <span className="text-amber-800"> · price from {formatDate(row.date)}</span>
      ) : (
        newestDate !== undefined && (
          <>
            {" · "}
            <time
              dateTime={row.date}
              className={olderThanNewest ? "font-medium text-amber-800" : undefined}
              title={olderThanNewest ? "Older than this city's newest prices" : undefined}
            >
              {formatDay(row.date, newestDate)}
            </time>
          </>
        )
      )}
      {row.estimate?.inputsNote && (
        <span className="text-amber-800" data-testid="estimate-inputs">
          {" · "}
          {row.estimate.inputsNote}
        </span>
      )}
    </span>
  );
}
