import { describe, expect, it } from "vitest";
import { MARKET_DEFAULTS, marketQuery, nextSort, readMarketState, sortChange, sortOf } from "./market-sort";

const read = (search: string) => readMarketState(new URLSearchParams(search));

describe("nextSort", () => {
  it("flips the direction when the active field is chosen again", () => {
    expect(nextSort({ field: "price", direction: "desc" }, "price")).toEqual({ field: "price", direction: "asc" });
    expect(nextSort({ field: "city", direction: "asc" }, "city")).toEqual({ field: "city", direction: "desc" });
  });

  it("resets to the new field's default direction", () => {
    expect(nextSort({ field: "price", direction: "asc" }, "city")).toEqual({ field: "city", direction: "asc" });
    expect(nextSort({ field: "city", direction: "desc" }, "price")).toEqual({ field: "price", direction: "desc" });
  });
});

describe("the table's state in the URL", () => {
  it("starts on price, highest first, page 1, with nothing in the URL", () => {
    expect(read("")).toEqual(MARKET_DEFAULTS);
    expect(sortOf(read(""))).toEqual({ field: "price", direction: "desc" });
    expect(marketQuery(read(""))).toEqual({ page: 1, limit: 20, sort: "price", order: "desc" });
  });

  it("gives each field its own default order", () => {
    expect(marketQuery(read("?sort=city"))).toEqual({ page: 1, limit: 20, sort: "city", order: "asc" });
    expect(marketQuery(read("?sort=city&order=desc&page=3"))).toEqual({
      page: 3,
      limit: 20,
      sort: "city",
      order: "desc",
    });
  });

  it("falls back to the defaults for values it does not know, as the server does", () => {
    expect(marketQuery(read("?sort=rating&order=up&page=0"))).toEqual(marketQuery(read("")));
    expect(read("?page=100001").page).toBe(1);
  });

  it("writes a new sort at page 1, leaving a field's default order out of the URL", () => {
    expect(sortChange({ field: "city", direction: "asc" })).toEqual({ sort: "city", order: "", page: 1 });
    expect(sortChange({ field: "price", direction: "asc" })).toEqual({ sort: "price", order: "asc", page: 1 });
  });
});
