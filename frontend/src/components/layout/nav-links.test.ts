import { describe, expect, it } from "vitest";
import { isActivePath, NAV_LINKS } from "./nav-links";

function highlighted(pathname: string): string[] {
  return NAV_LINKS.filter((link) => isActivePath(pathname, link)).map((link) => link.label);
}

describe("the header's highlighted section", () => {
  it.each([
    ["/scrap-metal-prices", ["Scrap Metal Prices"]],
    ["/material/bare-bright-copper", ["Scrap Metal Prices"]],
    ["/cities", ["Cities"]],
    ["/za/johannesburg", ["Cities"]],
    ["/us/california", ["Cities"]],
    ["/scrap-yards", ["Scrap Yards"]],
    ["/scrap-yard/12", ["Scrap Yards"]],
    ["/za/johannesburg/scrap-yards", ["Scrap Yards"]],
    ["/blog/rhodium-price-per-ounce", ["Blog"]],
    ["/about", ["About"]],
    ["/calculator", ["Calculator"]],
    ["/", []],
    ["/contact", []],
    ["/insights", []],
  ])("%s highlights %j", (pathname, expected) => {
    expect(highlighted(pathname)).toEqual(expected);
  });
});
