import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { City, CityPriceRow } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { UnitMark } from "@/components/prices/unit-mark";
import { tableUnitLabel } from "@/components/prices/units";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatPrice, type UnitFor, type WeightUnit } from "@/lib/format";
import { cityPath, materialPath } from "@/lib/paths";
import { useUnit, useUnitFor } from "@/lib/use-unit";

/** SPEC §9: the detail page shows the first 8 of the city's prices. */
export const DETAIL_PRICES = 8;

/** "Source: …" for the rows shown; a demo source always says it is demo data. */
export function sourceLine(rows: readonly CityPriceRow[]): string {
  const names = new Set(
    rows.map(({ source }) =>
      source.kind === "demo" && !/demo/i.test(source.name) ? `${source.name} (demo data)` : source.name,
    ),
  );
  return `Source: ${[...names].join("; ")}`;
}

export function CityPricesCard({ city }: { city: City }) {
  const query = useQuery(cityQueries.prices(city.slug));
  const [unit] = useUnit();
  const unitFor = useUnitFor();
  const units = (query.data ?? []).slice(0, DETAIL_PRICES).map((row) => unitFor(row.material.saleUnit));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current {city.name} Prices</CardTitle>
        <p className="text-sm text-slate-600">
          The city&apos;s prices {tableUnitLabel(unit, units)}, as listed today; not this yard&apos;s own
        </p>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRegion label="Loading prices">
            <div className="space-y-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <Skeleton key={n} className="h-9" />
              ))}
            </div>
          </LoadingRegion>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title="No price data available" />
        ) : (
          <PriceList rows={query.data} city={city} unit={unit} unitFor={unitFor} />
        )}
      </CardContent>
    </Card>
  );
}

type ListProps = { rows: CityPriceRow[]; city: City; unit: WeightUnit; unitFor: UnitFor };

/** The weight chosen is the table's unit; a row in another (a piece, a troy oz) says its own. */
function PriceList({ rows, city, unit, unitFor }: ListProps) {
  const shown = rows.slice(0, DETAIL_PRICES);
  const rowUnit = (row: CityPriceRow) => unitFor(row.material.saleUnit);
  return (
    <>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Current scrap metal prices in {city.name}, {tableUnitLabel(unit, shown.map(rowUnit))}
        </caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Material
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {shown.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="py-2 pr-3 font-normal">
                <Link to={materialPath(row.material)} className="font-medium text-brand-700 hover:underline">
                  {row.material.name}
                </Link>
              </th>
              <td className="py-2 text-right font-semibold whitespace-nowrap tabular-nums">
                {formatPrice(row.priceExact, row.currency, rowUnit(row))}
                <UnitMark unit={rowUnit(row)} tableUnit={unit} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-600">{sourceLine(shown)}</p>
      {rows.length > DETAIL_PRICES && (
        <Link
          to={cityPath(city)}
          className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          View All Prices <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      )}
    </>
  );
}
