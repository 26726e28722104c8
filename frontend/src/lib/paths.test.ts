import { describe, expect, it } from "vitest";
import { blogPostPath, calculatorPath, cityPath, cityYardsPath, countryPath, materialPath, yardPath } from "./paths";

const durban = { slug: "durban", country: { code: "ZA" } };

describe("paths", () => {
  it("builds every kind of address the site links to", () => {
    expect(cityPath(durban)).toBe("/za/durban");
    expect(countryPath("US", "california")).toBe("/us/california");
    expect(cityYardsPath(durban)).toBe("/za/durban/scrap-yards");
    expect(materialPath({ slug: "copper-1" })).toBe("/material/copper-1");
    expect(yardPath({ id: 42 })).toBe("/scrap-yard/42");
    expect(blogPostPath({ slug: "rhodium-price-per-ounce" })).toBe("/blog/rhodium-price-per-ounce");
    expect(calculatorPath()).toBe("/calculator");
    expect(calculatorPath({ city: "durban" })).toBe("/calculator?city=durban");
    expect(calculatorPath({ item: "catalytic-converters:1:piece" })).toBe(
      "/calculator?item=catalytic-converters:1:piece",
    );
  });
});
