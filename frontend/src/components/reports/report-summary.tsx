import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import type { PriceReportSummary } from "@/api/client";
import { formatDate, formatPrice, type SaleUnit, UNIT_SUFFIXES, type Unit } from "@/lib/format";
import { useUnitFor } from "@/lib/use-unit";
import { reportQueries } from "./api";

// The summary's figures are stored ones (per kg, or per piece: its `unit`), shown in `unit`.
const perUnit = (stored: string, currency: string, unit: Unit) =>
  `${formatPrice(stored, currency, unit)}${UNIT_SUFFIXES[unit]}`;

/** "Reported by 6 sellers in the last 14 days: median R182.00/kg"; null when nobody reported. */
export function summaryHeadline(summary: PriceReportSummary, unit: Unit): string | null {
  const { count, medianPerKg, currency, windowDays } = summary;
  if (count === 0 || medianPerKg === null) return null;
  const sellers = count === 1 ? "1 seller" : `${count} sellers`;
  return `Reported by ${sellers} in the last ${windowDays} days: median ${perUnit(medianPerKg, currency, unit)}`;
}

/** "Range R150.00–R210.00/kg · latest Nov 24, 2026" (the range only when reports differ). */
export function summaryDetail(summary: PriceReportSummary, unit: Unit): string {
  const { minPerKg, maxPerKg, latestDate, currency } = summary;
  const parts: string[] = [];
  if (minPerKg !== null && maxPerKg !== null && minPerKg !== maxPerKg) {
    parts.push(`Range ${formatPrice(minPerKg, currency, unit)}–${perUnit(maxPerKg, currency, unit)}`);
  }
  if (latestDate) parts.push(`latest ${formatDate(latestDate)}`);
  return parts.join(" · ");
}

/** What sellers reported for one city and material; nothing at all until a report is approved. */
type Props = { citySlug: string; materialSlug: string; saleUnit: SaleUnit };

export function ReportSummary({ citySlug, materialSlug, saleUnit }: Props) {
  const unit = useUnitFor()(saleUnit);
  const query = useQuery({ ...reportQueries.summary(citySlug, materialSlug), enabled: Boolean(citySlug) });
  const headline = query.data ? summaryHeadline(query.data, unit) : null;
  if (!query.data || !headline) return null;
  const detail = summaryDetail(query.data, unit);
  return (
    <div data-testid="report-summary" className="flex items-start gap-2 rounded-md bg-brand-50 px-3 py-2">
      <Users aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
      <p className="text-sm text-slate-900">
        <span className="font-medium">{headline}</span>
        {detail && <span className="block text-xs text-slate-600">{detail}</span>}
      </p>
    </div>
  );
}
