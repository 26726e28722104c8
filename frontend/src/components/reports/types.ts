import type { City } from "@/api/client";

/** What the page knows: its material, its city (fixed) or a city to preselect, its yard. */
export type ReportTarget = {
  materialSlug?: string;
  /** City and yard pages: the report is for this city. */
  city?: City;
  /** Material page: the city chosen on the page, preselected in a list of all cities. */
  citySlug?: string;
  yard?: { id: number; name: string };
};
