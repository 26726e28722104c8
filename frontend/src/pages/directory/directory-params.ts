import { useCallback } from "react";
import type { ClusterQuery, DirectoryQuery, YardSort, YardStatus } from "@/api/queries";
import { oneOf, pageNumber, useUrlState, withChanges } from "@/lib/url-state";

/** SPEC §9: the directory shows 20 yards a page; the map shows every match, in clusters. */
export const PAGE_SIZE = 20;
/** The map's first view, before it has fitted the yards: the whole world. */
export const WORLD_ZOOM = 2;

export type DirectoryView = "list" | "map";

export type DirectoryFilters = {
  q: string;
  country: string;
  city: string;
  status: YardStatus;
  sort: YardSort;
};

export type DirectoryState = DirectoryFilters & { page: number; view: DirectoryView };

export const DEFAULTS: DirectoryState = {
  q: "",
  country: "",
  city: "",
  status: "all",
  sort: "rating",
  page: 1,
  view: "list",
};

const STATUSES: readonly YardStatus[] = ["all", "open", "closed"];
const SORTS: readonly YardSort[] = ["rating", "name", "city", "country", "reviews"];

/** Reads the page state from the URL; anything the API would refuse falls back to its default. */
export function readState(params: URLSearchParams): DirectoryState {
  const country = (params.get("country") ?? "").toLowerCase();
  const city = (params.get("city") ?? "").toLowerCase();
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    country: /^[a-z]{2}$/.test(country) ? country : "",
    city: /^[a-z0-9-]{1,120}$/.test(city) ? city : "",
    status: oneOf(params.get("status"), STATUSES, DEFAULTS.status),
    sort: oneOf(params.get("sort"), SORTS, DEFAULTS.sort),
    page: pageNumber(params.get("page")),
    view: params.get("view") === "map" ? "map" : "list",
  };
}

/** Writes changes into the URL, leaving defaults out. */
export function writeState(current: URLSearchParams, changes: Partial<DirectoryState>): URLSearchParams {
  return withChanges(current, changes, DEFAULTS);
}

/** The request for the filters: the search text trimmed, empty filters and defaults left out. */
export function toQuery(filters: DirectoryFilters, page: number, limit: number): DirectoryQuery {
  const query: DirectoryQuery = { page, limit };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.country) query.country = filters.country;
  if (filters.city) query.city = filters.city;
  if (filters.status !== DEFAULTS.status) query.status = filters.status;
  if (filters.sort !== DEFAULTS.sort) query.sort = filters.sort;
  return query;
}

/** The clusters request: the same filters (no sort or page), and the map's view when known. */
export function toClusterQuery(filters: DirectoryFilters, view: { zoom: number; bbox: string } | null): ClusterQuery {
  const { q, country, city, status } = toQuery(filters, 1, PAGE_SIZE);
  const query: ClusterQuery = view ? { ...view } : { zoom: WORLD_ZOOM };
  if (q) query.q = q;
  if (country) query.country = country;
  if (city) query.city = city;
  if (status) query.status = status;
  return query;
}

type Options = { replace?: boolean };

/** The directory's state in the URL. Changing any filter goes back to page 1 (SPEC §4). */
export function useDirectoryState() {
  const { state, update } = useUrlState(readState, DEFAULTS);
  const setFilter = useCallback(
    (changes: Partial<DirectoryFilters>, options?: Options) => update({ ...changes, page: 1 }, options),
    [update],
  );
  const setPage = useCallback((page: number, options?: Options) => update({ page }, options), [update]);
  const setView = useCallback((view: DirectoryView) => update({ view }), [update]);

  return { state, setFilter, setPage, setView };
}
