import { averageRating, countOpen } from "./filter-yards";
import { johannesburgYards, MONDAY_EVENING } from "./test-fixtures";
import { parseYardParams, withYardParams } from "./yard-params";

describe("page stats", () => {
  it("averages only rated yards, or gives null", () => {
    expect(averageRating([{ rating: 4 }, { rating: null }, { rating: 3 }])).toBe(3.5);
    expect(averageRating([{ rating: null }])).toBeNull();
    expect(averageRating([])).toBeNull();
  });

  it("counts yards open at a moment by their hours", () => {
    expect(countOpen(johannesburgYards, MONDAY_EVENING)).toBe(3);
    expect(countOpen(johannesburgYards, new Date("2026-11-22T10:00:00Z"))).toBe(0); // Sunday
  });
});

describe("yard URL params", () => {
  it("reads valid values and falls back to the defaults", () => {
    expect(parseYardParams(new URLSearchParams("page=3&status=closed&sort=reviews&q=iron"))).toEqual({
      page: 3,
      status: "closed",
      sort: "reviews",
      q: "iron",
    });
    expect(parseYardParams(new URLSearchParams("page=-1&status=x&sort=city"))).toEqual({
      page: 1,
      status: "all",
      sort: "rating",
      q: "",
    });
    expect(parseYardParams(new URLSearchParams("page=2.5")).page).toBe(1);
  });

  it("writes only what differs from the defaults, keeping other params", () => {
    const current = new URLSearchParams("page=4&utm=mail");
    expect(withYardParams(current, { status: "open", page: 1 }).toString()).toBe("utm=mail&status=open");
    expect(withYardParams(current, { q: "", sort: "name" }).toString()).toBe("page=4&utm=mail&sort=name");
  });
});
