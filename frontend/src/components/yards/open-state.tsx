import type { Yard } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { isOpenNow, opensText } from "@/lib/hours";

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

/** When a closed yard opens next ("Opens tomorrow 7:30 AM"), on its own clock; null if open or unknown. */
export function yardOpensText(yard: Pick<Yard, "weeklyHours" | "city">, now: Date = new Date()): string | null {
  return opensText(yard.weeklyHours, yard.city.timeZone, now);
}

/** SPEC §2: "Open"/"Closed" (detail page: "Open Now"/"Closed"); unknown hours say so. */
export function OpenBadge({ isOpen, openLabel = "Open" }: { isOpen: boolean | null; openLabel?: string }) {
  if (isOpen === null) return <Badge>Hours unknown</Badge>;
  return isOpen ? <Badge tone="success">{openLabel}</Badge> : <Badge tone="danger">Closed</Badge>;
}

/** A yard's badge, and beside "Closed" when it opens next, so a closed yard says more than "Closed". */
export function YardOpenState({
  yard,
  openLabel,
  now = new Date(),
}: {
  yard: Pick<Yard, "weeklyHours" | "isOpen" | "city">;
  openLabel?: string;
  now?: Date;
}) {
  const isOpen = yardIsOpen(yard, now);
  const opens = isOpen === false ? yardOpensText(yard, now) : null;
  if (!opens) return <OpenBadge isOpen={isOpen} openLabel={openLabel} />;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <OpenBadge isOpen={isOpen} />
      <span className="text-xs font-medium whitespace-nowrap text-slate-700" data-testid="opens-next">
        {opens}
      </span>
    </span>
  );
}
