import type { CityPriceRow } from "@/api/client";
import { formatDate } from "@/lib/format";
import kindLabels from "../../../../content/price-kinds.json";

type PriceKind = CityPriceRow["source"]["kind"];
type Provenance = Pick<CityPriceRow, "source" | "estimate" | "stale" | "date">;

/** What each kind of price is called next to it (content/price-kinds.json, shared with the server). */
export const PRICE_KIND_LABELS: Record<PriceKind, string> = kindLabels;

/**
 * Where a price came from, under its material: an estimate opens to its formula (a native
 * disclosure, so keyboard and screen readers need nothing more), and an old price says its day.
 */
export function PriceProvenance({ row }: { row: Provenance }) {
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
      {row.stale && <span className="text-amber-800"> · price from {formatDate(row.date)}</span>}
    </span>
  );
}
