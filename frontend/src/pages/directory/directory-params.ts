import { useCallback } from "react";
import type { ClusterQuery, DirectoryQuery, YardSort, YardStatus } from "@/api/queries";
import { readSearch, searchQuery } from "@/lib/search-query";
import { useUrlState, withChanges } from "@/lib/url-state";

// The filters and page in the URL and the list's query follow content/routes.json's
// searchQueries.directoryPage (SPEC §9: 20 yards a page), as the server's first render does; the
// map shows every match, in clusters.

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

/** Reads the page state from the URL; anything the API would refuse falls back to its default. */
export function readState(params: URLSearchParams): DirectoryState {
  const filters = readSearch("directoryPage", params) as DirectoryFilters & { page: number };
  return { ...filters, view: params.get("view") === "map" ? "map" : "list" };
}

export const DEFAULTS: DirectoryState = readState(new URLSearchParams());

/** Writes changes into the URL, leaving defaults out. */
export function writeState(current: URLSearchParams, changes: Partial<DirectoryState>): URLSearchParams {
  return withChanges(current, changes, DEFAULTS);
}

/** The request for the filters: the search text trimmed, empty filters and defaults left out. */
export function toQuery(filters: DirectoryFilters, page: number): DirectoryQuery {
  return searchQuery("directoryPage", { ...filters, page }) as DirectoryQuery;
}

/** The clusters request: the same filters (no sort or page), and the map's view when known. */
export function toClusterQuery(filters: DirectoryFilters, view: { zoom: number; bbox: string } | null): ClusterQuery {
  const { q, country, city, status } = toQuery(filters, 1);
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
