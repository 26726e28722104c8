import type { Yard } from "@/api/client";
import { yardIsOpen } from "@/components/yards/open-state";

// The search text (name or address) is applied by the server over all the city's yards.

/** The mean rating of the yards that have one; null when none is rated. */
export function averageRating(yards: readonly Pick<Yard, "rating">[]): number | null {
  const ratings = yards.flatMap((yard) => (yard.rating === null ? [] : [yard.rating]));
  if (ratings.length === 0) return null;
  return ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
}

/** How many of these yards are open right now, by their hours in the city's zone. */
export function countOpen(yards: readonly Yard[], now: Date = new Date()): number {
  return yards.filter((yard) => yardIsOpen(yard, now) === true).length;
}
