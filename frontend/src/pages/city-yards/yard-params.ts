import { useSearchParams } from "react-router";
import type { YardSort, YardStatus } from "@/api/queries";

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

/** Reads the page's state from the URL; anything unknown falls back to the defaults. */
export function parseYardParams(params: URLSearchParams): YardParams {
  const page = Number(params.get("page"));
  const status = STATUS_OPTIONS.find((option) => option.value === params.get("status"))?.value ?? "all";
  const sort = SORT_OPTIONS.find((option) => option.value === params.get("sort"))?.value ?? "rating";
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, status, sort, q: params.get("q") ?? "" };
}

const DEFAULTS: Record<keyof YardParams, string> = { page: "1", status: "all", sort: "rating", q: "" };

/** Writes changes into the URL, leaving defaults out so plain URLs stay plain. */
export function withYardParams(current: URLSearchParams, changes: Partial<YardParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes) as [keyof YardParams, string | number][]) {
    const text = String(value);
    if (text === DEFAULTS[key]) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

/**
 * Page, status, sort and search text live in the URL, so a filtered page can be shared and the
 * back button returns to it. Typing replaces the entry; the other changes add one. A new status or
 * sort starts again at page 1.
 */
export function useYardParams() {
  const [params, setParams] = useSearchParams();
  const state = parseYardParams(params);
  const update = (changes: Partial<YardParams>, replace = false) =>
    setParams((current) => withYardParams(current, changes), { replace, preventScrollReset: true });
  return {
    ...state,
    setPage: (page: number, replace = false) => update({ page }, replace),
    setStatus: (status: YardStatus) => update({ status, page: 1 }),
    setSort: (sort: CityYardSort) => update({ sort, page: 1 }),
    setQuery: (q: string) => update({ q }, true),
  };
}
