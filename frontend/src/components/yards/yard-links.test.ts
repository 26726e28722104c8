import { describe, expect, it } from "vitest";
import { directionsHref, mailtoHref, telHref } from "./links";
import { yardIsOpen } from "./open-state";

describe("yard links", () => {
  it("dials the digits of a phone number, keeping a leading plus", () => {
    expect(telHref("+27 (11) 555-0123")).toBe("tel:+27115550123");
  });

  it("builds mail links", () => {
    expect(mailtoHref("info@example.com")).toBe("mailto:info@example.com");
  });

  it("gives directions to the coordinates when known, else to the address", () => {
    const address = "12 Main Rd, Cape Town";
    expect(directionsHref({ latitude: -26.2, longitude: 28.04, address })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=-26.2,28.04",
    );
    for (const unknown of [{}, { latitude: null, longitude: 28.04 }, { latitude: Number.NaN, longitude: 0 }]) {
      expect(directionsHref({ ...unknown, address })).toBe(
        "https://www.google.com/maps/dir/?api=1&destination=12%20Main%20Rd%2C%20Cape%20Town",
      );
    }
  });
});

describe("yardIsOpen", () => {
  const city = { timeZone: "Australia/Sydney" } as Parameters<typeof yardIsOpen>[0]["city"];
  const weeklyHours = [{ day: 0, opens: "08:00", closes: "17:00" }];

  it("recomputes from the weekly hours in the city's zone, whatever the API said", () => {
    const mondayMorningSydney = new Date("2026-03-01T22:00:00Z"); // Monday 09:00 AEDT
    expect(yardIsOpen({ weeklyHours, isOpen: false, city }, mondayMorningSydney)).toBe(true);
  });

  it("keeps the API's answer when there are no structured hours", () => {
    expect(yardIsOpen({ weeklyHours: [], isOpen: true, city })).toBe(true);
    expect(yardIsOpen({ weeklyHours: [], isOpen: null, city })).toBeNull();
  });
});
