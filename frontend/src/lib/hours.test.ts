import { describe, expect, it } from "vitest";
import { formatClock, hoursLines, isOpenAt, isOpenNow, localClock, splitHoursLine, yardHoursLines } from "./hours";

const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, opens: "08:00", closes: "17:00" }));

describe("isOpenAt", () => {
  it("is open inside an interval and closed at its closing minute", () => {
    expect(isOpenAt(weekdays, 0, 8 * 60)).toBe(true);
    expect(isOpenAt(weekdays, 0, 16 * 60 + 59)).toBe(true);
    expect(isOpenAt(weekdays, 0, 17 * 60)).toBe(false);
    expect(isOpenAt(weekdays, 0, 7 * 60 + 59)).toBe(false);
    expect(isOpenAt(weekdays, 5, 12 * 60)).toBe(false);
  });

  it("carries an overnight interval past midnight into the next day", () => {
    const nights = [{ day: 4, opens: "22:00", closes: "02:00" }]; // Friday night
    expect(isOpenAt(nights, 4, 23 * 60)).toBe(true);
    expect(isOpenAt(nights, 5, 60)).toBe(true); // Saturday 01:00
    expect(isOpenAt(nights, 5, 2 * 60)).toBe(false);
    expect(isOpenAt(nights, 4, 60)).toBe(false); // Friday 01:00 belongs to Thursday night
  });

  it("wraps Sunday night into Monday morning", () => {
    const sunday = [{ day: 6, opens: "20:00", closes: "01:00" }];
    expect(isOpenAt(sunday, 0, 30)).toBe(true);
  });

  it("treats 00:00-00:00 as the whole day", () => {
    const allDay = [{ day: 2, opens: "00:00", closes: "00:00" }];
    expect(isOpenAt(allDay, 2, 0)).toBe(true);
    expect(isOpenAt(allDay, 2, 23 * 60 + 59)).toBe(true);
    expect(isOpenAt(allDay, 3, 0)).toBe(false);
  });
});

describe("isOpenNow across time zones", () => {
  // Monday 2026-03-02 06:30 UTC: 08:30 in Johannesburg, 17:30 in Sydney, 01:30 in New York.
  const moment = new Date("2026-03-02T06:30:00Z");

  it("reads the clock in the yard's own zone", () => {
    expect(localClock(moment, "Africa/Johannesburg")).toEqual({ day: 0, minute: 8 * 60 + 30 });
    expect(localClock(moment, "Australia/Sydney")).toEqual({ day: 0, minute: 17 * 60 + 30 });
    expect(localClock(moment, "America/New_York")).toEqual({ day: 0, minute: 60 + 30 });
  });

  it("gives each city its own answer for the same instant", () => {
    expect(isOpenNow(weekdays, "Africa/Johannesburg", moment)).toBe(true);
    expect(isOpenNow(weekdays, "Australia/Sydney", moment)).toBe(false);
    expect(isOpenNow(weekdays, "America/New_York", moment)).toBe(false);
  });

  it("uses yesterday's local day when the zone is still before midnight", () => {
    // Tuesday 03:00 UTC is Monday 19:00 in Los Angeles (PST, UTC-8, before the March change).
    const late = new Date("2026-03-03T03:00:00Z");
    expect(localClock(late, "America/Los_Angeles").day).toBe(0);
    expect(isOpenNow([{ day: 0, opens: "19:00", closes: "21:00" }], "America/Los_Angeles", late)).toBe(true);
  });

  it("is unknown without hours", () => {
    expect(isOpenNow([], "Europe/London", moment)).toBeNull();
  });
});

describe("hours display", () => {
  it("formats clock times on a 12-hour clock", () => {
    expect(formatClock("08:00")).toBe("8:00 AM");
    expect(formatClock("12:00")).toBe("12:00 PM");
    expect(formatClock("17:30")).toBe("5:30 PM");
    expect(formatClock("00:00")).toBe("12:00 AM");
  });

  it("writes one line per day, Monday first, closed days and split shifts included", () => {
    const lines = hoursLines([
      ...weekdays,
      { day: 5, opens: "13:00", closes: "15:00" },
      { day: 5, opens: "08:00", closes: "12:00" },
      { day: 6, opens: "00:00", closes: "00:00" },
    ]);
    expect(lines).toEqual([
      "Monday: 8:00 AM - 5:00 PM",
      "Tuesday: 8:00 AM - 5:00 PM",
      "Wednesday: 8:00 AM - 5:00 PM",
      "Thursday: 8:00 AM - 5:00 PM",
      "Friday: 8:00 AM - 5:00 PM",
      "Saturday: 8:00 AM - 12:00 PM, 1:00 PM - 3:00 PM",
      "Sunday: Open 24 hours",
    ]);
  });

  it("splits a line at its first colon only", () => {
    expect(splitHoursLine("Monday: 8:00 AM - 5:00 PM")).toEqual({ day: "Monday", hours: "8:00 AM - 5:00 PM" });
    expect(splitHoursLine("By appointment")).toEqual({ day: "By appointment", hours: "" });
  });

  it("falls back from weekly hours to the free text, then to nothing", () => {
    expect(yardHoursLines({ weeklyHours: weekdays, openingHours: "ignored" })[0]).toBe("Monday: 8:00 AM - 5:00 PM");
    expect(yardHoursLines({ weeklyHours: [], openingHours: "Mo-Fr 07:00-16:00\n\nSa by appointment" })).toEqual([
      "Mo-Fr 07:00-16:00",
      "Sa by appointment",
    ]);
    expect(yardHoursLines({ weeklyHours: [], openingHours: null })).toEqual([]);
    expect(yardHoursLines({ weeklyHours: [], openingHours: " \n " })).toEqual([]);
  });
});
