// How a paged page's URL becomes its list's API query: content/routes.json's "searchQueries", read
// here as the server reads them for the first render (src/scrapindex/web/search_query.py), so the
// page asks for the very query whose answer the server embedded. tests/fixtures/search-cases.json
// holds both readers to the same answers.
import searchQueries from "virtual:search-queries";

type Rule =
  | { kind: "page" }
  | { kind: "pageSize"; value: number }
  | {
      kind: "oneOf";
      values: readonly string[];
      default?: string;
      defaultBy?: string;
      defaults?: Record<string, string>;
    }
  | { kind: "text"; maxLength: number }
  | { kind: "pattern"; pattern: string };
type Definition = { leaveDefaultsOut: boolean; params: Record<string, Rule> };

export type SearchQueryName = keyof typeof searchQueries.queries;
export type SearchValue = string | number;
export type SearchState = Record<string, SearchValue>;

const { maxPage } = searchQueries;
// JSON's types say `kind: string`; the kinds are the ones above (the shared cases run every one).
const DEFINITIONS = searchQueries.queries as unknown as Record<SearchQueryName, Definition>;

/** A page number from the URL: a whole number (ASCII digits) from 1 to maxPage, what the API takes, else 1. */
function pageNumber(value: string | null): number {
  const page = /^[0-9]+$/.test(value ?? "") ? Number(value) : 0;
  return page >= 1 && page <= maxPage ? page : 1;
}

function stateValue(rule: Rule, written: string): SearchValue {
  switch (rule.kind) {
    case "page":
      return pageNumber(written);
    case "oneOf":
      return rule.values.includes(written) ? written : (rule.default ?? "");
    case "text": // cut by characters, as the API counts them (not UTF-16 units)
      return Array.from(written).slice(0, rule.maxLength).join("");
    case "pattern": {
      const lowered = written.toLowerCase();
      return new RegExp(`^(?:${rule.pattern})$`).test(lowered) ? lowered : "";
    }
    case "pageSize":
      return rule.value;
  }
}

/** What the page reads from its URL: each parameter, anything unknown at its default ("" for free text). */
export function readSearch(name: SearchQueryName, params: URLSearchParams): SearchState {
  const state: SearchState = {};
  for (const [key, rule] of Object.entries(DEFINITIONS[name].params)) {
    if (rule.kind !== "pageSize") state[key] = stateValue(rule, params.get(key) ?? "");
  }
  return state;
}

/** The API query for the page's state: the text trimmed, empty values left out, and defaults if so ruled. */
export function searchQuery(name: SearchQueryName, state: SearchState): Record<string, SearchValue> {
  const { params, leaveDefaultsOut } = DEFINITIONS[name];
  const query: Record<string, SearchValue> = {};
  for (const [key, rule] of Object.entries(params)) {
    let value = rule.kind === "pageSize" ? rule.value : (state[key] ?? "");
    if (rule.kind === "text") value = String(value).trim();
    let fallback = rule.kind === "oneOf" ? rule.default : undefined;
    if (rule.kind === "oneOf" && rule.defaultBy) {
      fallback = rule.defaults?.[String(state[rule.defaultBy])];
      value = value || (fallback ?? "");
    }
    if (value !== "" && !(leaveDefaultsOut && value === fallback)) query[key] = value;
  }
  return query;
}

/** A oneOf parameter's defaults by the value of the parameter it depends on (the markets' order by sort). */
export function defaultsBy(name: SearchQueryName, param: string): Record<string, string> {
  const rule = DEFINITIONS[name].params[param];
  return rule?.kind === "oneOf" ? (rule.defaults ?? {}) : {};
}

/** A oneOf parameter's allowed values, in the table's order, with the words a page shows for them. */
export function labelledValues<T extends string>(
  name: SearchQueryName,
  param: string,
  labels: Record<T, string>,
): readonly { value: T; label: string }[] {
  const rule = DEFINITIONS[name].params[param];
  const values = rule?.kind === "oneOf" ? rule.values : [];
  return values.map((value) => {
    if (!Object.hasOwn(labels, value)) throw new Error(`no label for searchQueries.${name}.${param} "${value}"`);
    return { value: value as T, label: labels[value as T] };
  });
}
