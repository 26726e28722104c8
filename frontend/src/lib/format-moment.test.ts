import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate, formatMoment, viewerTimeZone } from "./format";

describe("moments and days", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows a moment in a place's zone, named", () => {
    expect(formatMoment("2026-11-26T22:00:00Z", "Pacific/Auckland")).toBe("Nov 27, 2026, 11:00 AM NZDT");
    expect(formatMoment("2026-11-26T22:00:00Z", "Europe/London")).toBe("Nov 26, 2026, 10:00 PM GMT");
  });

  it("shows a moment in the viewer's own zone when no place is given, named too", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions(),
      timeZone: "Australia/Sydney",
    });
    expect(viewerTimeZone()).toBe("Australia/Sydney");
    expect(formatMoment("2026-11-26T22:00:00Z")).toBe("Nov 27, 2026, 9:00 AM AEDT");
  });

  it("says nothing happened yet with a dash", () => {
    expect(formatMoment(null)).toBe("—");
    expect(formatMoment(undefined, "Pacific/Auckland")).toBe("—");
  });

  it("keeps a calendar day the day it names, in any zone", () => {
    expect(formatDate("2026-11-27")).toBe("Nov 27, 2026");
  });
});
