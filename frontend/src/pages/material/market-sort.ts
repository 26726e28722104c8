// The All Markets table's sort and page (SPEC §2/§4), kept in the URL (?sort=city&order=desc&page=2)
// so that Back and a shared link return to them; the server sorts and pages. The URL and the query
// follow content/routes.json's searchQueries.materialMarketsPage, which the server reads for the
// first render too. Price sorts by default descending, city ascending; clicking the active field
// flips its direction, a new field starts at its default.
import type { MarketQuery } from "@/api/queries";
import { defaultsBy, readSearch, searchQuery } from "@/lib/search-query";

export type SortField = MarketQuery["sort"];
export type SortDirection = MarketQuery["order"];
export type MarketSort = { field: SortField; direction: SortDirection };

export const DEFAULT_DIRECTION = defaultsBy("materialMarketsPage", "order") as Record<SortField, SortDirection>;

export function nextSort(current: MarketSort, field: SortField): MarketSort {
  if (current.field === field) {
    return { field, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { field, direction: DEFAULT_DIRECTION[field] };
}

/** The URL's state; the order defaults to its field's own (no ?order= with ?sort=city: A to Z). */
export type MarketState = { sort: SortField; order: SortDirection | ""; page: number };

export function readMarketState(params: URLSearchParams): MarketState {
  return readSearch("materialMarketsPage", params) as MarketState;
}

export const MARKET_DEFAULTS: MarketState = readMarketState(new URLSearchParams());

export function sortOf(state: MarketState): MarketSort {
  return { field: state.sort, direction: state.order || DEFAULT_DIRECTION[state.sort] };
}

/** The table's query: every field, the order its field's own when the URL has none. */
export function marketQuery(state: MarketState): MarketQuery {
  return searchQuery("materialMarketsPage", state) as MarketQuery;
}

/** The URL change for a new sort: its field, its direction unless the field's default, page 1. */
export function sortChange(sort: MarketSort): MarketState {
  return { sort: sort.field, order: sort.direction === DEFAULT_DIRECTION[sort.field] ? "" : sort.direction, page: 1 };
}
