import type { YardSort, YardStatus } from "@/api/queries";
import { oneOf, pageNumber, useUrlState, withChanges } from "@/lib/url-state";

/** SPEC §9: the city yards page shows 10 yards a page. */
export const PAGE_SIZE = 10;

export type CityYardSort = Extract<YardSort, "rating" | "name" | "reviews">;

export const STATUS_OPTIONS: readonly { value: YardStatus; label: string }[] = [
  { value: "all", label: "All Status" },
  { value: "open", label: "Open Now" },
  { value: "closed", label: "Closed" },
];

export const SORT_OPTIONS: readonly { value: CityYardSort; label: string }[] = [
  { value: "rating", label: "Highest Rated" },
  { value: "name", label: "Name A-Z" },
  { value: "reviews", label: "Most Reviews" },
];

export type YardParams = { page: number; status: YardStatus; sort: CityYardSort; q: string };

const DEFAULTS: YardParams = { page: 1, status: "all", sort: "rating", q: "" };
const STATUSES = STATUS_OPTIONS.map((option) => option.value);
const SORTS = SORT_OPTIONS.map((option) => option.value);

/** Reads the page's state from the URL; anything unknown falls back to the defaults. */
export function parseYardParams(params: URLSearchParams): YardParams {
  return {
    page: pageNumber(params.get("page")),
    status: oneOf(params.get("status"), STATUSES, DEFAULTS.status),
    sort: oneOf(params.get("sort"), SORTS, DEFAULTS.sort),
    q: params.get("q") ?? "",
  };
}

/** Writes changes into the URL, leaving defaults out so plain URLs stay plain. */
export function withYardParams(current: URLSearchParams, changes: Partial<YardParams>): URLSearchParams {
  return withChanges(current, changes, DEFAULTS);
}

/**
 * Page, status, sort and search text live in the URL, so a filtered page can be shared and the
 * back button returns to it. Typing replaces the entry; the other changes add one. A new search,
 * status or sort starts again at page 1.
 */
export function useYardParams() {
  const { state, update } = useUrlState(parseYardParams, DEFAULTS);
  return {
    ...state,
    setPage: (page: number, replace = false) => update({ page }, { replace }),
    setStatus: (status: YardStatus) => update({ status, page: 1 }),
    setSort: (sort: CityYardSort) => update({ sort, page: 1 }),
    setQuery: (q: string) => update({ q, page: 1 }, { replace: true }),
  };
}
