export const NAV_LINKS = [
  { to: "/scrap-metal-prices", label: "Scrap Metal Prices" },
  { to: "/cities", label: "Cities" },
  { to: "/scrap-yards", label: "Scrap Yards" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
] as const;

/** SPEC §2: a link is highlighted when the current path starts with its path. */
export function isActivePath(pathname: string, linkPath: string): boolean {
  return pathname.startsWith(linkPath);
}
