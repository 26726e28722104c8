import { Search } from "lucide-react";
import { useId } from "react";
import type { YardStatus } from "@/api/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/format";
import { type CityYardSort, SORT_OPTIONS, STATUS_OPTIONS } from "./yard-params";

type Props = {
  query: string;
  onQuery: (query: string) => void;
  status: YardStatus;
  onStatus: (status: YardStatus) => void;
  sort: CityYardSort;
  onSort: (sort: CityYardSort) => void;
  /** The city's yards matching the search and status, on every page; undefined while they load. */
  results: number | undefined;
};

const CONTROL =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700";

/** The search text, status and sort all ask the server: the search covers every page. */
export function SearchFilterCard({ query, onQuery, status, onStatus, sort, onSort, results }: Props) {
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Search &amp; Filter</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="grid gap-3 md:grid-cols-4">
          <div className="md:col-span-2">
            <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-slate-800">
              Search yards
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
              />
              <input
                id={`${id}-q`}
                type="search"
                value={query}
                onChange={(event) => onQuery(event.target.value)}
                placeholder="Search yards..."
                autoComplete="off"
                className={`${CONTROL} pl-9 placeholder:text-slate-500`}
              />
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-slate-800">
              Status
            </label>
            <select
              id={`${id}-status`}
              value={status}
              onChange={(event) => onStatus(event.target.value as YardStatus)}
              className={CONTROL}
            >
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium text-slate-800">
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              value={sort}
              onChange={(event) => onSort(event.target.value as CityYardSort)}
              className={CONTROL}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {results !== undefined && (
          <p className="text-sm text-slate-600" data-testid="results-count">
            {formatCount(results)} {results === 1 ? "result" : "results"}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
