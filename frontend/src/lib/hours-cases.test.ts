import { describe, expect, it } from "vitest";
import table from "../../../tests/fixtures/hours-cases.json";
import { type HoursInterval, isOpenNow, opensText } from "./hours";

// The same table tests/unit/test_hours.py runs against the server's rule.
const hoursOf = (name: string) => (table.hours as Record<string, HoursInterval[]>)[name] ?? [];

describe("the opening-hours cases shared with the server", () => {
  it.each(table.cases)("$why", ({ hours, timeZone, at, open, opens }) => {
    const moment = new Date(at);
    expect(isOpenNow(hoursOf(hours), timeZone, moment)).toBe(open);
    expect(opensText(hoursOf(hours), timeZone, moment)).toBe(opens);
  });
});
