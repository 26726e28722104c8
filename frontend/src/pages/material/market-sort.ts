// The All Markets table's sort and page (SPEC §2/§4), kept in the URL (?sort=city&order=desc&page=2)
// so that Back and a shared link return to them; the server sorts and pages (web/pages.py's
// market_page_params reads the same URL for the first render). Price sorts by default descending,
// city ascending; clicking the active field flips its direction, a new field starts at its default.
import type { MarketQuery } from "@/api/queries";
import { oneOf, pageNumber } from "@/lib/url-state";

export type SortField = MarketQuery["sort"];
export type SortDirection = MarketQuery["order"];
export type MarketSort = { field: SortField; direction: SortDirection };

export const MARKETS_PAGE = 20;
export const DEFAULT_DIRECTION: Record<SortField, SortDirection> = { price: "desc", city: "asc" };

const FIELDS: readonly SortField[] = ["price", "city"];
const DIRECTIONS: readonly SortDirection[] = ["asc", "desc"];

export function nextSort(current: MarketSort, field: SortField): MarketSort {
  if (current.field === field) {
    return { field, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { field, direction: DEFAULT_DIRECTION[field] };
}

/** The URL's state; the order defaults to its field's own (no ?order= with ?sort=city: A to Z). */
export type MarketState = { sort: SortField; order: SortDirection | ""; page: number };
export const MARKET_DEFAULTS: MarketState = { sort: "price", order: "", page: 1 };

export const readMarketState = (params: URLSearchParams): MarketState => ({
  sort: oneOf(params.get("sort"), FIELDS, "price"),
  order: oneOf<SortDirection | "">(params.get("order"), DIRECTIONS, ""),
  page: pageNumber(params.get("page")),
});

export function sortOf(state: MarketState): MarketSort {
  return { field: state.sort, direction: state.order || DEFAULT_DIRECTION[state.sort] };
}

export function marketQuery(state: MarketState): MarketQuery {
  const { field, direction } = sortOf(state);
  return { page: state.page, limit: MARKETS_PAGE, sort: field, order: direction };
}

/** The URL change for a new sort: its field, its direction unless the field's default, page 1. */
export function sortChange(sort: MarketSort): MarketState {
  return { sort: sort.field, order: sort.direction === DEFAULT_DIRECTION[sort.field] ? "" : sort.direction, page: 1 };
}
