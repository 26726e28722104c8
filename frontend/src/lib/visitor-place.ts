// Which city a visitor is most likely selling in, said once for every page that opens on one
// city (the material chart, the materials page's local prices, home's copper price). Known
// without asking permission, strongest first:
//   1. the city the link named (?city=london);
//   2. the last city page opened: this tab's newest city in the query cache, else the one
//      remembered from an earlier visit (localStorage);
//   3. the browser's time zone, matched to our cities' timeZone (America/New_York → New York);
//   4. the country of any of those, then the region of the browser's languages (en-GB → GB);
//   5. the page's default (Johannesburg), else its first city.
// Nothing here asks for the position or leaves the browser.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { cityQueries } from "@/api/queries";

export const DEFAULT_CITY = "johannesburg";
const STORAGE_KEY = "scrapindex.lastCity";
const CITY_DETAIL = /^\/api\/cities\/([^/]+)$/;

/** A city as the rule needs it: the full list gives time zones, a page's own list may not. */
export type PlaceCity = { slug: string; country: { code: string }; timeZone?: string };
type Remembered = { slug: string; country: string };

/** What the browser says about the visitor, gathered once per page. */
export type VisitorHints = {
  /** ?city= of the page's link, when it has one. */
  chosen?: string | undefined;
  /** Last city pages opened, newest first. */
  visited: Remembered[];
  timeZone?: string | undefined;
  /** Two-letter regions of the browser's languages, in their order ("en-US" → "US"). */
  regions: string[];
};

export type PlaceReason = "chosen" | "visited" | "timeZone" | "country" | "default";
export type VisitorCity<T> = { city: T; reason: PlaceReason };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage blocked (private mode, cookies off)
  }
}

export function rememberCity(city: PlaceCity): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ slug: city.slug, country: city.country.code }));
  } catch {
    // full or blocked: the rule falls back to the time zone
  }
}

function storedCity(): Remembered | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? "null");
    if (value && typeof value === "object" && "slug" in value && "country" in value) {
      const { slug, country } = value as Record<string, unknown>;
      if (typeof slug === "string" && typeof country === "string") return { slug, country };
    }
  } catch {
    // not ours, or not JSON
  }
  return null;
}

/** The city page opened last in this tab: the newest city answer in the query cache. */
function lastCityInCache(client: QueryClient): Remembered | null {
  let newest: { at: number; city: Remembered } | null = null;
  for (const query of client.getQueryCache().getAll()) {
    const match = typeof query.queryKey[0] === "string" ? CITY_DETAIL.exec(query.queryKey[0]) : null;
    const data = query.state.data as PlaceCity | undefined;
    if (!match || !data?.slug || !data.country?.code) continue;
    if (!newest || query.state.dataUpdatedAt > newest.at) {
      newest = { at: query.state.dataUpdatedAt, city: { slug: data.slug, country: data.country.code } };
    }
  }
  return newest?.city ?? null;
}

function languageRegions(languages: readonly string[]): string[] {
  const regions: string[] = [];
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region) && !regions.includes(region)) regions.push(region);
    } catch {
      // not a language tag
    }
  }
  return regions;
}

/** The hints of this browser; a city found in the cache is remembered for later visits. */
export function readVisitorHints(
  client: QueryClient | null,
  chosen?: string,
  env: { timeZone?: string | undefined; languages?: readonly string[] } = browserEnv(),
): VisitorHints {
  const visited: Remembered[] = [];
  const stored = storedCity();
  const cached = client ? lastCityInCache(client) : null;
  if (cached) {
    visited.push(cached);
    rememberCity({ slug: cached.slug, country: { code: cached.country } });
  }
  if (stored && stored.slug !== cached?.slug) visited.push(stored);
  return {
    chosen: chosen || undefined,
    visited,
    timeZone: env.timeZone,
    regions: languageRegions(env.languages ?? []),
  };
}

function browserEnv(): { timeZone?: string; languages: readonly string[] } {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const languages =
    typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return { timeZone, languages: languages.filter(Boolean) };
}

/**
 * The visitor's city among `candidates` (the cities this page can show), by the rule above.
 * `allCities` (the full list, with time zones) places the time zone; without it only the
 * candidates' own time zones are matched. Candidates keep their order within a country.
 */
export function pickVisitorCity<T extends PlaceCity>(
  candidates: readonly T[],
  hints: VisitorHints,
  allCities: readonly PlaceCity[] = candidates,
  fallback: string = DEFAULT_CITY,
): VisitorCity<T> | null {
  const bySlug = new Map(candidates.map((city) => [city.slug, city]));
  const exact = (slug: string | undefined) => (slug === undefined ? undefined : bySlug.get(slug));

  const chosen = exact(hints.chosen);
  if (chosen) return { city: chosen, reason: "chosen" };
  for (const visit of hints.visited) {
    const visited = exact(visit.slug);
    if (visited) return { city: visited, reason: "visited" };
  }
  const inZone = hints.timeZone ? allCities.filter((city) => city.timeZone === hints.timeZone) : [];
  for (const city of inZone) {
    const zoned = exact(city.slug);
    if (zoned) return { city: zoned, reason: "timeZone" };
  }
  const countries = [
    ...hints.visited.map((visit) => visit.country),
    ...inZone.map((city) => city.country.code),
    ...hints.regions,
  ].map((code) => code.toUpperCase());
  // Within a country, the full list's order (its main cities first), not the page's.
  const rank = new Map(allCities.map((city, index) => [city.slug, index]));
  const ranked = [...candidates].sort(
    (a, b) => (rank.get(a.slug) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.slug) ?? Number.MAX_SAFE_INTEGER),
  );
  for (const code of countries) {
    const inCountry = ranked.find((city) => city.country.code.toUpperCase() === code);
    if (inCountry) return { city: inCountry, reason: "country" };
  }
  const first = exact(fallback) ?? candidates[0];
  return first ? { city: first, reason: "default" } : null;
}

/**
 * The visitor's city among the page's `candidates` (default: every city), once the full city
 * list has answered (it carries the time zones); null until then, or without candidates.
 */
export function useVisitorCity<T extends PlaceCity>(
  candidates: readonly T[] | undefined,
  options: { chosen?: string; enabled?: boolean } = {},
): VisitorCity<T> | null {
  const client = useQueryClient();
  // Read once per page: the cache gains this page's own answers as it renders.
  const [hints] = useState(() => readVisitorHints(client));
  const enabled = options.enabled ?? true;
  const cities = useQuery({ ...cityQueries.list(), enabled });
  const { chosen } = options;
  // A failed list leaves the time zone unplaced (isPending ends); the rest of the rule holds.
  const waiting = enabled && cities.isPending;
  return useMemo(() => {
    if (!candidates) return null;
    const withHints = { ...hints, chosen };
    if (waiting) {
      // A named or visited city needs no time zone: shown at once, without the list.
      const early = pickVisitorCity(candidates, { ...withHints, timeZone: undefined, regions: [] });
      return early && (early.reason === "chosen" || early.reason === "visited") ? early : null;
    }
    return pickVisitorCity(candidates, withHints, cities.data ?? candidates);
  }, [candidates, hints, chosen, cities.data, waiting]);
}
