import { describe, expect, it } from "vitest";
import {
  type Footprint,
  type GroupingOptions,
  groupOverlappingPins,
  type PinGroup,
  type ScreenPin,
} from "./pin-groups";

// The yard map's shapes: a 25 x 41 pin standing on its point, a 32 px circle centred on it.
const PIN: Footprint = { left: -12, top: -41, width: 25, height: 41 };
const circle = (size: number): Footprint => ({ left: -size / 2, top: -size / 2, width: size, height: size });
const options: GroupingOptions = { pin: PIN, cluster: () => circle(32), gap: 0 };

const pin = (item: string, x: number, y: number): ScreenPin<string> => ({ x, y, item });
const names = (groups: PinGroup<string>[]) => groups.map((group) => group.items.join("+"));

function boxOf(group: PinGroup<unknown>, { pin: alone, cluster }: GroupingOptions) {
  const footprint = group.items.length === 1 ? alone : cluster(group.items.length);
  return { ...footprint, left: group.x + footprint.left, top: group.y + footprint.top };
}

/** A small seeded generator, so a failure is found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("groupOverlappingPins", () => {
  it("keeps pins whose boxes stand apart as pins, in their order", () => {
    const groups = groupOverlappingPins([pin("a", 100, 100), pin("b", 125, 100), pin("c", 100, 141)], options);
    expect(names(groups)).toEqual(["a", "b", "c"]);
    expect(groups[1]).toEqual({ x: 125, y: 100, items: ["b"] });
  });

  it("makes one cluster, at their mean point, of pins that overlap", () => {
    // 5 px apart side by side (the Lighthouse finding), and 40 px apart one above the other.
    expect(groupOverlappingPins([pin("a", 100, 100), pin("b", 105, 100)], options)).toEqual([
      { x: 102.5, y: 100, items: ["a", "b"] },
    ]);
    expect(names(groupOverlappingPins([pin("a", 100, 100), pin("b", 100, 140)], options))).toEqual(["a+b"]);
    expect(names(groupOverlappingPins([pin("a", 100, 100), pin("b", 124, 100)], options))).toEqual(["a+b"]);
  });

  it("keeps the gap asked for between markers", () => {
    const apart = [pin("a", 100, 100), pin("b", 127, 100)];
    expect(names(groupOverlappingPins(apart, options))).toEqual(["a", "b"]);
    expect(names(groupOverlappingPins(apart, { ...options, gap: 4 }))).toEqual(["a+b"]);
  });

  it("merges a pin that the cluster's own marker comes to overlap", () => {
    // a and b overlap; c clears both pins but not the 60 px circle drawn for a+b.
    const wide = { ...options, cluster: () => circle(60) };
    const pins = [pin("a", 100, 100), pin("b", 110, 100), pin("c", 105, 160)];
    expect(names(groupOverlappingPins(pins, options))).toEqual(["a+b", "c"]);
    expect(names(groupOverlappingPins(pins, wide))).toEqual(["a+b+c"]);
    expect(groupOverlappingPins(pins, wide)[0]).toMatchObject({ x: 105, y: 120 });
  });

  it("gives no group for no pins, and a pin alone for one", () => {
    expect(groupOverlappingPins([], options)).toEqual([]);
    expect(groupOverlappingPins([pin("a", 0, 0)], options)).toEqual([{ x: 0, y: 0, items: ["a"] }]);
  });

  it("leaves no two markers overlapping and every pin in exactly one group", () => {
    const next = random(42);
    for (let round = 0; round < 50; round++) {
      const pins = Array.from({ length: 40 }, (_, i) => pin(`y${i}`, next() * 400, next() * 300));
      const settings = { pin: PIN, cluster: (count: number) => circle(count < 10 ? 32 : 38), gap: 4 };
      const groups = groupOverlappingPins(pins, settings);
      expect(groups.flatMap((group) => group.items).sort()).toEqual(pins.map((p) => p.item).sort());
      const boxes = groups.map((group) => boxOf(group, settings));
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart =
            a.left + a.width + 4 <= b.left ||
            b.left + b.width + 4 <= a.left ||
            a.top + a.height + 4 <= b.top ||
            b.top + b.height + 4 <= a.top;
          expect(apart).toBe(true);
        }
      }
    }
  });
});
