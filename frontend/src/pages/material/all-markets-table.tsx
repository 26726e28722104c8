import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { MaterialPriceRow } from "@/api/client";
import { materialQueries, previousPageOf } from "@/api/queries";
import { PriceProvenance } from "@/components/prices/price-provenance";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { neighbourPages, Pagination } from "@/components/ui/pagination";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { SortHeader } from "@/components/ui/sort-header";
import { formatCount, formatDate, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { cityPath } from "@/lib/paths";
import { useUrlState } from "@/lib/url-state";
import { SM_UP, useMediaQuery } from "@/lib/use-media-query";
import {
  MARKET_DEFAULTS,
  type MarketSort,
  marketQuery,
  nextSort,
  readMarketState,
  type SortField,
  sortChange,
  sortOf,
} from "./market-sort";

/** Tailwind's `sm` breakpoint, where the list gives way to the table. */

const TH = "px-3 py-2 whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

const SORT_WORDS: Record<SortField, Record<MarketSort["direction"], string>> = {
  price: { desc: "highest first", asc: "lowest first" },
  city: { asc: "A to Z", desc: "Z to A" },
};

/** The phone list's sort: the table's two sort buttons, outside a table. */
function SortButtons({ sort, onSort }: { sort: MarketSort; onSort: (field: SortField) => void }) {
  const fields: [SortField, string][] = [
    ["price", "Price"],
    ["city", "City"],
  ];
  return (
    <fieldset className="mb-2">
      <legend className="sr-only">Sort markets</legend>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span aria-hidden="true" className="text-slate-600">
          Sort by
        </span>
        {fields.map(([field, label]) => {
          const active = sort.field === field;
          const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
          return (
            <button
              key={field}
              type="button"
              aria-pressed={active}
              onClick={() => onSort(field)}
              className={`inline-flex min-h-9 items-center gap-1 rounded-md border px-3 font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
                active ? "border-brand-700 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700"
              }`}
            >
              {label}
              {active && <span className="sr-only">, {SORT_WORDS[field][sort.direction]}</span>}
              <Icon aria-hidden="true" className="h-4 w-4" />
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Under the sm breakpoint: one stacked item per market, nothing to scroll sideways. */
function MarketList({ rows, unit }: { rows: MaterialPriceRow[]; unit: Unit }) {
  return (
    <ul aria-label="All markets" className="divide-y divide-slate-100 border-y border-slate-200">
      {rows.map((row) => (
        <li key={row.city.slug} data-testid="market-item" className="space-y-1 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p data-testid="market-city" className="font-medium break-words text-slate-900">
                {row.city.name}
              </p>
              <p className="text-sm text-slate-600">{row.city.country.name}</p>
            </div>
            <div className="max-w-[60%] shrink-0 text-right">
              <p className="font-semibold text-slate-900 tabular-nums">
                {formatPrice(row.priceExact, row.currency, unit)}{" "}
                <span className="text-xs font-normal text-slate-600">{row.currency}</span>
              </p>
              <PriceProvenance row={row} />
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
            <p className="text-slate-600">Updated {formatDate(row.date)}</p>
            <Link
              to={cityPath(row.city)}
              className="inline-flex min-h-9 items-center font-medium text-brand-700 hover:underline"
            >
              View Details<span className="sr-only">: {row.city.name}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The material's markets a page at a time, sorted and paged by the server; the previous page stays
 * on screen (dimmed) while the next loads. `unit` is the material's shown unit (per troy oz for
 * silver, per piece for a catalytic converter): undefined until the material has loaded, when the
 * rows wait for it (their request does not).
 */
export function AllMarketsTable({ materialSlug, unit }: { materialSlug: string; unit: Unit | undefined }) {
  const { state, update } = useUrlState(readMarketState, MARKET_DEFAULTS);
  const sort = sortOf(state);
  const options = materialQueries.markets(materialSlug, marketQuery(state));
  const query = useQuery({
    ...options,
    placeholderData: previousPageOf(options.queryKey[0]),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const pagination = query.data?.pagination;
  // A page past the end (an old link, or fewer markets since) starts again at 1.
  const pastTheEnd =
    pagination !== undefined && !query.isPlaceholderData && pagination.total > 0 && state.page > pagination.pages;
  useEffect(() => {
    if (pastTheEnd) update({ page: 1 }, { replace: true });
  }, [pastTheEnd, update]);

  const onSort = (field: SortField) => update(sortChange(nextSort(sort, field)), { replace: true });
  const onPage = (page: number) => {
    update({ page });
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: "start" });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="scroll-mt-20 outline-none">
          All Markets
        </CardTitle>
        <p className="text-sm text-slate-600">
          Latest price in each city, in local currency{unit && ` ${UNIT_LABELS[unit]}`}. Price sorting compares USD
          values.
        </p>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data || !unit ? (
          <LoadingRegion label="Loading all markets">
            <MarketRowsSkeleton />
          </LoadingRegion>
        ) : query.data.pagination.total === 0 ? (
          <EmptyState title="No price data available" />
        ) : (
          <MarketPageView
            rows={query.data.data}
            sort={sort}
            onSort={onSort}
            unit={unit}
            stale={query.isPlaceholderData}
            footer={
              <MarketPages
                {...query.data.pagination}
                asked={state.page}
                shown={query.data.data.length}
                onPage={onPage}
              />
            }
          />
        )}
      </CardContent>
    </Card>
  );
}

type PageViewProps = {
  rows: MaterialPriceRow[];
  sort: MarketSort;
  onSort: (field: SortField) => void;
  unit: Unit;
  stale: boolean;
  footer: React.ReactNode;
};

function MarketPageView({ rows, sort, onSort, unit, stale, footer }: PageViewProps) {
  // One of the two layouts, not both with one hidden by CSS: each market is a dozen elements, and
  // a phone built the table it never showed (Lighthouse's blocking time on this page).
  const wide = useMediaQuery(SM_UP);
  const dimmed = `transition-opacity ${stale ? "opacity-60" : ""}`;
  return (
    <div className="space-y-4">
      {wide !== true && (
        <div className="sm:hidden" aria-busy={stale}>
          <SortButtons sort={sort} onSort={onSort} />
          <div className={dimmed}>
            <MarketList rows={rows} unit={unit} />
          </div>
        </div>
      )}
      {wide !== false && (
        <div className={`relative hidden overflow-x-auto sm:block ${dimmed}`} aria-busy={stale}>
          <MarketTable rows={rows} sort={sort} onSort={onSort} unit={unit} />
        </div>
      )}
      {footer}
    </div>
  );
}

function MarketTable({ rows, sort, onSort, unit }: Omit<PageViewProps, "stale" | "footer">) {
  return (
    <table className="w-full min-w-[560px] text-sm">
      <caption className="sr-only">
        All markets, sorted by {sort.field} {sort.direction === "asc" ? "ascending" : "descending"}
      </caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <SortHeader field="city" label="City" sort={sort} onSort={onSort} />
          <th scope="col" className={TH}>
            Country
          </th>
          <SortHeader field="price" label="Price" sort={sort} onSort={onSort} />
          <th scope="col" className={TH}>
            Last Updated
          </th>
          <th scope="col" className={TH}>
            Action
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.city.slug} className="border-b border-slate-100 hover:bg-slate-50">
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              {row.city.name}
            </th>
            <td className="px-3 py-2 text-slate-700">{row.city.country.name}</td>
            <td className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900 tabular-nums">
              {formatPrice(row.priceExact, row.currency, unit)}{" "}
              <span className="text-xs font-normal text-slate-600">{row.currency}</span>
              <PriceProvenance row={row} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDate(row.date)}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Link to={cityPath(row.city)} className="font-medium text-brand-700 hover:underline">
                View Details<span className="sr-only">: {row.city.name}</span>
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type PagesProps = {
  /** The page shown (its answer's), and the one asked for (the buttons', while it loads). */
  page: number;
  asked: number;
  pages: number;
  total: number;
  limit: number;
  shown: number;
  onPage: (page: number) => void;
};

/** Which markets are shown, of how many, and the page buttons. */
function MarketPages({ page, asked, pages, total, limit, shown, onPage }: PagesProps) {
  const first = (page - 1) * limit + 1;
  return (
    <div className="space-y-3">
      <p aria-live="polite" className="text-center text-sm text-slate-600">
        {shown === 0
          ? `No markets on this page (${formatCount(total)} in all)`
          : `Markets ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`}
      </p>
      <Pagination
        page={asked}
        pages={pages}
        items={neighbourPages(asked, pages)}
        onPageChange={onPage}
        label="Market pages"
      />
    </div>
  );
}

function MarketRowsSkeleton() {
  return (
    <div className="space-y-2">
      {[1, 2, 3, 4, 5].map((n) => (
        <Skeleton key={n} className="h-10" />
      ))}
    </div>
  );
}
