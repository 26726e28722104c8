// The cities page's filters in its URL (?q=cape&country=za), so Back and reload keep them.
// Defaults (no search, all countries) stay out of the URL.

export type CitiesState = { q: string; country: string };

export const CITIES_DEFAULTS: CitiesState = { q: "", country: "" };

/** The filters in the URL; a country that is not a two-letter code means all countries. */
export function readCitiesState(params: URLSearchParams): CitiesState {
  const country = (params.get("country") ?? "").toLowerCase();
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    country: /^[a-z]{2}$/.test(country) ? country : "",
  };
}
