import { describe, expect, it } from "vitest";
import { DEFAULTS, readState, toQuery, writeState } from "./directory-params";

describe("directory URL state", () => {
  it("reads the filters, page and view from the URL", () => {
    const params = new URLSearchParams("q=cape&country=ZA&city=cape-town&status=open&sort=name&page=3&view=map");
    expect(readState(params)).toEqual({
      q: "cape",
      country: "za",
      city: "cape-town",
      status: "open",
      sort: "name",
      page: 3,
      view: "map",
    });
  });

  it("falls back to the defaults for values the API would refuse", () => {
    const params = new URLSearchParams("country=zaf&city=<x>&status=maybe&sort=price&page=-2&view=grid");
    expect(readState(params)).toEqual(DEFAULTS);
    expect(readState(new URLSearchParams("page=1.5")).page).toBe(1);
    expect(readState(new URLSearchParams(`q=${"a".repeat(120)}`)).q).toHaveLength(100);
  });

  it("leaves defaults and empty values out of the URL", () => {
    const next = writeState(new URLSearchParams("q=old&page=4&view=map"), {
      q: "",
      page: 1,
      status: "all",
      sort: "reviews",
      view: "list",
    });
    expect(next.toString()).toBe("sort=reviews");
  });

  it("sends only what differs from the defaults, with the text trimmed", () => {
    expect(toQuery({ ...DEFAULTS, q: "  " }, 1)).toEqual({ page: 1, limit: 20 });
    expect(toQuery({ q: " steel ", country: "gb", city: "london", status: "closed", sort: "city" }, 2)).toEqual({
      q: "steel",
      country: "gb",
      city: "london",
      status: "closed",
      sort: "city",
      page: 2,
      limit: 20,
    });
  });
});
