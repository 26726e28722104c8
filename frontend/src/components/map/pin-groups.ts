// Which map pins share one marker: those whose touch targets would overlap on screen. Pure (points
// in, groups out) and free of Leaflet, so it is tested on its own and costs the map chunk nothing.

/** A marker's box in screen pixels, relative to the point it stands on. */
export type Footprint = { left: number; top: number; width: number; height: number };

/** A pin at a point in screen pixels (any one projection, e.g. Leaflet's `map.project`). */
export type ScreenPin<T> = { x: number; y: number; item: T };

/** One marker to draw: a pin alone (one item) or a cluster of pins at their mean point. */
export type PinGroup<T> = { x: number; y: number; items: T[] };

export type GroupingOptions = {
  /** The box of a pin alone. */
  pin: Footprint;
  /** The box of a cluster marker of `count` pins. */
  cluster: (count: number) => Footprint;
  /** Pixels two markers must keep between their boxes. */
  gap?: number;
};

type Box = { left: number; top: number; right: number; bottom: number };

function boxOf<T>(group: PinGroup<T>, { pin, cluster }: GroupingOptions): Box {
  const footprint = group.items.length === 1 ? pin : cluster(group.items.length);
  const left = group.x + footprint.left;
  const top = group.y + footprint.top;
  return { left, top, right: left + footprint.width, bottom: top + footprint.height };
}

function overlap(a: Box, b: Box, gap: number): boolean {
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
}

/** The first two groups (by index) whose markers would overlap, if any. */
function firstOverlap<T>(groups: PinGroup<T>[], options: GroupingOptions): [number, number] | undefined {
  const boxes = groups.map((group) => boxOf(group, options));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlap(boxes[i] as Box, boxes[j] as Box, options.gap ?? 0)) return [i, j];
    }
  }
  return undefined;
}

/**
 * Greedy grouping: each pin starts as its own group; while two groups' markers overlap, the two
 * merge into one cluster at the mean point of their pins (whose marker may then overlap another,
 * which merges in turn). So no two markers drawn overlap, and every pin is in exactly one group.
 * Groups come in the order of their first pin. Quadratic per merge: meant for a page's yards (a
 * hundred or so), not a country's.
 */
export function groupOverlappingPins<T>(pins: readonly ScreenPin<T>[], options: GroupingOptions): PinGroup<T>[] {
  const groups = pins.map((pin) => ({ points: [pin], group: { x: pin.x, y: pin.y, items: [pin.item] } }));
  for (;;) {
    const pair = firstOverlap(
      groups.map((g) => g.group),
      options,
    );
    if (!pair) return groups.map((g) => g.group);
    const [keep, merged] = pair;
    const points = [...(groups[keep]?.points ?? []), ...(groups[merged]?.points ?? [])];
    const mean = (of: (point: ScreenPin<T>) => number) =>
      points.reduce((sum, point) => sum + of(point), 0) / points.length;
    groups[keep] = { points, group: { x: mean((p) => p.x), y: mean((p) => p.y), items: points.map((p) => p.item) } };
    groups.splice(merged, 1);
  }
}
