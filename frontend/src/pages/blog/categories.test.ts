import { describe, expect, it } from "vitest";
import { arrangePosts, categoryFromParam } from "./categories";
import { POSTS } from "./test-fixtures";

describe("blog categories", () => {
  it("reads known slugs and ignores unknown ones", () => {
    expect(categoryFromParam("vehicles")?.label).toBe("Vehicles");
    expect(categoryFromParam("nonsense")).toBeNull();
    expect(categoryFromParam(null)).toBeNull();
  });

  it("separates the featured post from the rest, keeping the API's order", () => {
    const { featured, latest } = arrangePosts(POSTS, null);
    expect(featured?.slug).toBe("ford-catalytic-converter-scrap-prices");
    expect(latest.map((post) => post.id)).toEqual([3, 1, 7, 6, 4, 5]);
  });

  it("hides the featured post when it does not match the filter", () => {
    const { featured, latest } = arrangePosts(POSTS, categoryFromParam("precious-metals"));
    expect(featured).toBeUndefined();
    expect(latest.map((post) => post.slug)).toEqual(["rhodium-price-per-ounce"]);
  });
});
