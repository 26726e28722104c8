import type { cityQueries, YardSort, YardStatus } from "@/api/queries";
import { labelledValues, readSearch, searchQuery } from "@/lib/search-query";
import { useUrlState, withChanges } from "@/lib/url-state";

// The page's URL and its yards' query follow content/routes.json's searchQueries.cityYardsPage
// (SPEC §9: 10 yards a page), as the server's first render does.

export type CityYardSort = Extract<YardSort, "rating" | "name" | "reviews">;

export const STATUS_OPTIONS = labelledValues<YardStatus>("cityYardsPage", "status", {
  all: "All Status",
  open: "Open Now",
  closed: "Closed",
});

export const SORT_OPTIONS = labelledValues<CityYardSort>("cityYardsPage", "sort", {
  rating: "Highest Rated",
  name: "Name A-Z",
  reviews: "Most Reviews",
});

export type YardParams = { page: number; status: YardStatus; sort: CityYardSort; q: string };
export type YardQuery = Parameters<typeof cityQueries.yards>[1];

/** Reads the page's state from the URL; anything unknown falls back to the defaults. */
export function parseYardParams(params: URLSearchParams): YardParams {
  return readSearch("cityYardsPage", params) as YardParams;
}

/** The page's yards query: every field, with the search text trimmed and left out when empty. */
export function yardQuery(params: YardParams): YardQuery {
  return searchQuery("cityYardsPage", params) as YardQuery;
}

const DEFAULTS = parseYardParams(new URLSearchParams());

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
