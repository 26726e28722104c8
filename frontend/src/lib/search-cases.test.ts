import searchQueries from "virtual:search-queries";
import { describe, expect, it } from "vitest";
import { parseYardParams, yardQuery } from "@/pages/city-yards/yard-params";
import { readState, toQuery } from "@/pages/directory/directory-params";
import { marketQuery, readMarketState } from "@/pages/material/market-sort";
import table from "../../../tests/fixtures/search-cases.json";
import { readSearch, type SearchQueryName, searchQuery } from "./search-query";

// The same table tests/unit/test_search_query.py runs against the server's reader: the query each
// page asks for, from the pages' own readers, is the one the server embedded for the same URL.
const PAGE_READERS: Record<SearchQueryName, (params: URLSearchParams) => unknown> = {
  cityYardsPage: (params) => yardQuery(parseYardParams(params)),
  directoryPage: (params) => {
    const state = readState(params);
    return toQuery(state, state.page);
  },
  materialMarketsPage: (params) => marketQuery(readMarketState(params)),
};

describe("a paged page's URL as its list's API query, shared with the server", () => {
  it.each(table.cases)("$query ?$url", ({ query, url, api }) => {
    const name = query as SearchQueryName;
    const params = new URLSearchParams(url);
    expect(searchQuery(name, readSearch(name, params))).toEqual(api);
    expect(PAGE_READERS[name](params)).toEqual(api);
  });

  it("has cases for every rule, and a page reader for each", () => {
    const names = Object.keys(searchQueries.queries);
    expect(new Set(table.cases.map((c) => c.query))).toEqual(new Set(names));
    expect(Object.keys(PAGE_READERS).sort()).toEqual(names.sort());
  });
});
