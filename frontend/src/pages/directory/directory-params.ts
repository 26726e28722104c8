import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { DirectoryQuery, YardSort, YardStatus } from "@/api/queries";

/** SPEC §9: the directory shows 20 yards a page and at most 100 on the map. */
export const PAGE_SIZE = 20;
export const MAP_LIMIT = 100;

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

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** Reads the page state from the URL; anything the API would refuse falls back to its default. */
export function readState(params: URLSearchParams): DirectoryState {
  const country = (params.get("country") ?? "").toLowerCase();
  const city = (params.get("city") ?? "").toLowerCase();
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    country: /^[a-z]{2}$/.test(country) ? country : "",
    city: /^[a-z0-9-]{1,120}$/.test(city) ? city : "",
    status: oneOf(params.get("status"), STATUSES, DEFAULTS.status),
    sort: oneOf(params.get("sort"), SORTS, DEFAULTS.sort),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : DEFAULTS.page,
    view: params.get("view") === "map" ? "map" : "list",
  };
}

/** Writes changes into the URL, leaving defaults out. */
export function writeState(current: URLSearchParams, changes: Partial<DirectoryState>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes) as [keyof DirectoryState, string | number][]) {
    if (value === DEFAULTS[key] || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  return next;
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

type Options = { replace?: boolean };

/** The directory's state in the URL. Changing any filter goes back to page 1 (SPEC §4). */
export function useDirectoryState() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);

  const update = useCallback(
    (changes: Partial<DirectoryState>, { replace = false }: Options = {}) =>
      setParams((current) => writeState(current, changes), { replace, preventScrollReset: true }),
    [setParams],
  );
  const setFilter = useCallback(
    (changes: Partial<DirectoryFilters>, options?: Options) => update({ ...changes, page: 1 }, options),
    [update],
  );
  const setPage = useCallback((page: number, options?: Options) => update({ page }, options), [update]);
  const setView = useCallback((view: DirectoryView) => update({ view }), [update]);

  return { state, setFilter, setPage, setView };
}
