// One query-options factory per resource. The first element of every key is the request path,
// so data embedded in the page by the server can be put into the cache under the same key.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "./client";

/**
 * `placeholderData` for a paged list at `path`: the previous page stays on screen while the next
 * loads, but only one of the same list (the key's path), so another city's yards or another
 * material's markets never stand in for these.
 */
export function previousPageOf(path: unknown) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery?.queryKey[0] === path ? keepPreviousData(previous) : undefined;
}

export const cityQueries = {
  list: () => queryOptions({ queryKey: ["/api/cities"], queryFn: () => unwrap(api.GET("/api/cities")) }),
  /** The list's first cities only: a page showing a few should not load them all. */
  first: (limit: number) =>
    queryOptions({
      queryKey: ["/api/cities", { limit }],
      queryFn: () => unwrap(api.GET("/api/cities", { params: { query: { limit } } })),
    }),
  /** A few other cities, the city's own country's first (the city page's Other Cities card). */
  others: (slug: string) =>
    queryOptions({
      queryKey: [`/api/cities/${slug}/others`],
      queryFn: () => unwrap(api.GET("/api/cities/{city_slug}/others", { params: { path: { city_slug: slug } } })),
    }),
  detail: (slug: string) =>
    queryOptions({
      queryKey: [`/api/cities/${slug}`],
      queryFn: () => unwrap(api.GET("/api/cities/{city_slug}", { params: { path: { city_slug: slug } } })),
    }),
  prices: (slug: string) =>
    queryOptions({
      queryKey: [`/api/cities/${slug}/prices`],
      queryFn: () => unwrap(api.GET("/api/cities/{city_slug}/prices", { params: { path: { city_slug: slug } } })),
    }),
  /** Each material's last 30 daily prices: drawn after the price table, never on first render. */
  sparklines: (slug: string) =>
    queryOptions({
      queryKey: [`/api/cities/${slug}/sparklines`],
      queryFn: () => unwrap(api.GET("/api/cities/{city_slug}/sparklines", { params: { path: { city_slug: slug } } })),
    }),
  overview: (slug: string) =>
    queryOptions({
      queryKey: [`/api/cities/${slug}/overview`],
      queryFn: () => unwrap(api.GET("/api/cities/{city_slug}/overview", { params: { path: { city_slug: slug } } })),
    }),
  yards: (
    slug: string,
    query: {
      page?: number;
      limit?: number;
      status?: YardStatus;
      sort?: YardSort;
      /** Name or address, over all the city's yards; left out when empty. */
      q?: string;
    },
  ) =>
    queryOptions({
      queryKey: [`/api/cities/${slug}/scrap-yards`, query],
      queryFn: () =>
        unwrap(
          api.GET("/api/cities/{city_slug}/scrap-yards", {
            params: { path: { city_slug: slug }, query },
          }),
        ),
    }),
};

/** The All Markets table's query: every field, always (the server embeds the same key). */
export type MarketQuery = { page: number; limit: number; sort: "price" | "city"; order: "asc" | "desc" };

export type YardStatus = "all" | "open" | "closed";
export type YardSort = "rating" | "name" | "city" | "country" | "reviews";

/** The directory's filters, as the API takes them. Empty values are left out of the key. */
export type DirectoryQuery = {
  q?: string;
  country?: string;
  city?: string;
  status?: YardStatus;
  sort?: YardSort;
  page?: number;
  limit?: number;
};

/** The directory's filters (no sort or page) and the map's view: `bbox` is "west,south,east,north". */
export type ClusterQuery = Omit<DirectoryQuery, "sort" | "page" | "limit"> & { zoom: number; bbox?: string };

/** Yards near a point (`near` is "lat,lng"). The point stays in this tab: not cached by the API. */
export type NearQuery = {
  near: string;
  radiusKm: number;
  openFirst?: boolean;
  page: number;
  limit: number;
};

export const yardQueries = {
  near: (query: NearQuery) =>
    queryOptions({
      queryKey: ["/api/scrap-yards", "near", query],
      queryFn: () => unwrap(api.GET("/api/scrap-yards", { params: { query } })),
      gcTime: 0, // forgotten as soon as nothing shows it
    }),
  directory: (query: DirectoryQuery) =>
    queryOptions({
      queryKey: ["/api/scrap-yards", query],
      queryFn: () => unwrap(api.GET("/api/scrap-yards", { params: { query } })),
    }),
  /** The directory map: the filtered yards in a box, clustered for the zoom on the server. */
  clusters: (query: ClusterQuery) =>
    queryOptions({
      queryKey: ["/api/scrap-yards/clusters", query],
      queryFn: () => unwrap(api.GET("/api/scrap-yards/clusters", { params: { query } })),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [`/api/scrap-yards/${id}`],
      queryFn: () => unwrap(api.GET("/api/scrap-yards/{yard_id}", { params: { path: { yard_id: id } } })),
    }),
};

export const regionQueries = {
  detail: (countryCode: string, regionSlug: string) =>
    queryOptions({
      queryKey: [`/api/countries/${countryCode.toLowerCase()}/regions/${regionSlug}`],
      queryFn: () =>
        unwrap(
          api.GET("/api/countries/{country_code}/regions/{region_slug}", {
            params: { path: { country_code: countryCode.toLowerCase(), region_slug: regionSlug } },
          }),
        ),
    }),
  prices: (countryCode: string, regionSlug: string) =>
    queryOptions({
      queryKey: [`/api/countries/${countryCode.toLowerCase()}/regions/${regionSlug}/prices`],
      queryFn: () =>
        unwrap(
          api.GET("/api/countries/{country_code}/regions/{region_slug}/prices", {
            params: { path: { country_code: countryCode.toLowerCase(), region_slug: regionSlug } },
          }),
        ),
    }),
};

export const insightQueries = {
  week: () => queryOptions({ queryKey: ["/api/insights"], queryFn: () => unwrap(api.GET("/api/insights")) }),
};

export const materialQueries = {
  list: () =>
    queryOptions({
      queryKey: ["/api/materials"],
      queryFn: () => unwrap(api.GET("/api/materials")),
    }),
  detail: (slug: string) =>
    queryOptions({
      queryKey: [`/api/materials/${slug}`],
      queryFn: () => unwrap(api.GET("/api/materials/{material_slug}", { params: { path: { material_slug: slug } } })),
    }),
  /** The material page's figures: counts, mean and range in USD, highest, lowest, top five. */
  marketSummary: (slug: string) =>
    queryOptions({
      queryKey: [`/api/materials/${slug}/markets/summary`],
      queryFn: () =>
        unwrap(
          api.GET("/api/materials/{material_slug}/markets/summary", {
            params: { path: { material_slug: slug } },
          }),
        ),
    }),
  /** One page of the material's markets, sorted by the server (the All Markets table). */
  markets: (slug: string, query: MarketQuery) =>
    queryOptions({
      queryKey: [`/api/materials/${slug}/markets`, query],
      queryFn: () =>
        unwrap(
          api.GET("/api/materials/{material_slug}/markets", {
            params: { path: { material_slug: slug }, query },
          }),
        ),
    }),
  /** The cities the material has a price in (the chart's chooser), loaded after the page. */
  marketCities: (slug: string) =>
    queryOptions({
      queryKey: [`/api/materials/${slug}/markets/cities`],
      queryFn: () =>
        unwrap(
          api.GET("/api/materials/{material_slug}/markets/cities", {
            params: { path: { material_slug: slug } },
          }),
        ),
    }),
};

export const priceQueries = {
  summary: () =>
    queryOptions({
      queryKey: ["/api/prices/summary"],
      queryFn: () => unwrap(api.GET("/api/prices/summary")),
    }),
  history: (materialSlug: string, citySlug: string, days = 30) =>
    queryOptions({
      queryKey: ["/api/prices/history", { materialSlug, citySlug, days }],
      queryFn: async () => {
        // The operation also documents its CSV form (format=csv); asked without it, it is JSON.
        const data = await unwrap(
          api.GET("/api/prices/history", { params: { query: { materialSlug, citySlug, days } } }),
        );
        if (typeof data === "string") throw new Error("Expected JSON price history");
        return data;
      },
    }),
  /** The same series as a CSV file (only format=csv answers CSV: the Accept header does not choose). */
  historyCsvUrl: (materialSlug: string, citySlug: string, days = 30) =>
    `/api/prices/history?${new URLSearchParams({ materialSlug, citySlug, days: String(days), format: "csv" })}`,
};

export const searchQueries = {
  text: (q: string) =>
    queryOptions({
      queryKey: ["/api/search", { q }],
      queryFn: () => unwrap(api.GET("/api/search", { params: { query: { q } } })),
    }),
};

export const countryQueries = {
  list: () =>
    queryOptions({
      queryKey: ["/api/countries"],
      queryFn: () => unwrap(api.GET("/api/countries")),
    }),
  sellerChecklist: (code: string) =>
    queryOptions({
      queryKey: [`/api/countries/${code.toLowerCase()}/seller-checklist`],
      queryFn: () =>
        unwrap(
          api.GET("/api/countries/{country_code}/seller-checklist", {
            params: { path: { country_code: code.toLowerCase() } },
          }),
        ),
    }),
  legal: (code: string) =>
    queryOptions({
      queryKey: [`/api/countries/${code.toLowerCase()}/legal`],
      queryFn: () =>
        unwrap(
          api.GET("/api/countries/{country_code}/legal", {
            params: { path: { country_code: code.toLowerCase() } },
          }),
        ),
    }),
};

export const blogQueries = {
  list: () => queryOptions({ queryKey: ["/api/blog"], queryFn: () => unwrap(api.GET("/api/blog")) }),
  detail: (slug: string) =>
    queryOptions({
      queryKey: [`/api/blog/${slug}`],
      queryFn: () => unwrap(api.GET("/api/blog/{slug}", { params: { path: { slug } } })),
    }),
};

/**
 * A list to work out (`item`: "copper-1:12:kg", each material once) and where: a city's slug, or
 * a point (`near`: "lat,lng") that stays in this tab, forgotten once nothing shows its answer.
 */
export type CalculatorQuery = {
  city?: string;
  near?: string;
  item: string[];
  costPerDistance?: string;
  at?: string;
};

export const calculatorQueries = {
  answer: (query: CalculatorQuery) =>
    queryOptions({
      queryKey: ["/api/calculator", query],
      queryFn: () => unwrap(api.GET("/api/calculator", { params: { query } })),
      ...(query.near ? { gcTime: 0 } : {}),
    }),
};

export const statsQueries = {
  site: () => queryOptions({ queryKey: ["/api/stats"], queryFn: () => unwrap(api.GET("/api/stats")) }),
};
