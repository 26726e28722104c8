import { describe, expect, it } from "vitest";
import { distanceLabel, formatDistance } from "./distance";
import { nearParameter } from "./near-me";

describe("distances", () => {
  it("shows km, or miles for yards in the US and the UK", () => {
    expect(formatDistance(3.44, "ZA")).toBe("3.4 km");
    expect(formatDistance(12.6, "au")).toBe("13 km");
    expect(formatDistance(10, "US")).toBe("6.2 mi");
    expect(formatDistance(100, "GB")).toBe("62 mi");
    expect(distanceLabel(3.44, "ZA")).toBe("3.4 kilometres away");
    expect(distanceLabel(10, "US")).toBe("6.2 miles away");
  });

  it("sends the point with five decimals", () => {
    expect(nearParameter({ latitude: -26.2041234, longitude: 28.0473 })).toBe("-26.20412,28.04730");
  });
});
