// The materials page's filters in its URL (?q=wire&category=copper), so Back and reload keep
// them. Defaults (no search, all categories) stay out of the URL.

export type MaterialsState = { q: string; category: string };

export const MATERIALS_DEFAULTS: MaterialsState = { q: "", category: "" };

/** The filters in the URL; the category in lower case, matched against the list's categories. */
export function readMaterialsState(params: URLSearchParams): MaterialsState {
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    category: (params.get("category") ?? "").trim().toLowerCase().slice(0, 60),
  };
}
