import type { Yard } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { isOpenNow } from "@/lib/hours";

/**
 * Open or closed right now, from the yard's weekly hours in its city's zone (the server's rule,
 * recomputed here so a page left open, or served from cache, stays right). Falls back to the API's
 * answer when the yard gives no structured hours.
 */
export function yardIsOpen(
  yard: Pick<Yard, "weeklyHours" | "isOpen" | "city">,
  now: Date = new Date(),
): boolean | null {
  if (yard.weeklyHours.length === 0) return yard.isOpen ?? null;
  return isOpenNow(yard.weeklyHours, yard.city.timeZone, now);
}

/** SPEC §2: "Open"/"Closed" (detail page: "Open Now"/"Closed"); unknown hours say so. */
export function OpenBadge({ isOpen, openLabel = "Open" }: { isOpen: boolean | null; openLabel?: string }) {
  if (isOpen === null) return <Badge>Hours unknown</Badge>;
  return isOpen ? <Badge tone="success">{openLabel}</Badge> : <Badge tone="danger">Closed</Badge>;
}
