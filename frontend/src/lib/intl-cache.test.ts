import { dateTimeFormat, numberFormat } from "./intl-cache";

describe("Intl formatters made once", () => {
  it("gives the same formatter for the same locale and options, another for others", () => {
    const twoDigits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    expect(numberFormat("en-US", twoDigits)).toBe(numberFormat("en-US", { ...twoDigits }));
    expect(numberFormat("en-US", twoDigits)).not.toBe(numberFormat("en-US", { maximumFractionDigits: 2 }));
    expect(numberFormat("en-US", twoDigits).format(1234.5)).toBe("1,234.50");
  });

  it("keeps one formatter per time zone", () => {
    const moment = new Date("2026-11-25T23:30:00Z");
    const day = (timeZone: string) => dateTimeFormat("en-CA", { timeZone, day: "2-digit" }).format(moment);
    expect(day("UTC")).toBe("25");
    expect(day("Pacific/Auckland")).toBe("26");
    expect(day("UTC")).toBe("25");
  });
});
