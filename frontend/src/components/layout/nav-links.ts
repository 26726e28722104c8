/**
 * The header's sections. SPEC §2 highlights a link when the current path starts with its path;
 * pages that live under a section without sharing its path (a material under the prices, a
 * yard or a city's yards under the directory, a city under the cities) name it in `alsoFor`.
 */
export const NAV_LINKS = [
  { to: "/scrap-metal-prices", label: "Scrap Metal Prices", alsoFor: [/^\/material\//] },
  // A country's city or region page: /za/johannesburg, /us/california (two-letter country codes).
  { to: "/cities", label: "Cities", alsoFor: [/^\/[a-z]{2}\/[^/]+\/?$/] },
  { to: "/scrap-yards", label: "Scrap Yards", alsoFor: [/^\/scrap-yard\//, /^\/[a-z]{2}\/[^/]+\/scrap-yards\/?$/] },
  { to: "/calculator", label: "Calculator", alsoFor: [] },
  { to: "/blog", label: "Blog", alsoFor: [] },
  { to: "/about", label: "About", alsoFor: [] },
] as const;

type NavLink = (typeof NAV_LINKS)[number];

export function isActivePath(pathname: string, link: NavLink): boolean {
  return pathname.startsWith(link.to) || link.alsoFor.some((pattern) => pattern.test(pathname));
}
