import { useCallback, useSyncExternalStore } from "react";
import { shownUnit, TROY_UNITS, type TroyUnit, type UnitFor, WEIGHT_UNITS, type WeightUnit } from "./format";

// The visitor's unit choices, remembered across visits and shared by every open component: the
// weight (kg, lb or tonne) of materials sold by weight, and per troy oz or per kg for precious
// metal (its own choice: silver per kg leaves copper per lb).
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

type Choice<T extends string> = { read: () => T; write: (next: T) => void; fallback: T };

/** One remembered choice among `options` (the first is the default), kept under `key`. */
function rememberedChoice<T extends string>(key: string, options: readonly T[]): Choice<T> {
  const fallback = options[0] as T;
  // The choice storage could not keep (private mode, blocked storage): it holds for this page.
  let unstored: T | null = null;
  const read = (): T => {
    try {
      const stored = window.localStorage.getItem(key);
      return options.includes(stored as T) ? (stored as T) : (unstored ?? fallback);
    } catch {
      return unstored ?? fallback;
    }
  };
  const write = (next: T) => {
    try {
      window.localStorage.setItem(key, next);
      unstored = null;
    } catch {
      unstored = next;
    }
    for (const listener of listeners) listener();
  };
  return { read, write, fallback };
}

function useChoice<T extends string>({ read, write, fallback }: Choice<T>): [T, (next: T) => void] {
  return [useSyncExternalStore(subscribe, read, () => fallback), write];
}

const WEIGHT = rememberedChoice<WeightUnit>("scrapindex.unit", WEIGHT_UNITS);
const TROY = rememberedChoice<TroyUnit>("scrapindex.unit.troy_oz", TROY_UNITS);

/** The weight prices of materials sold by weight are shown in: kg, lb or tonne. */
export function useUnit(): [WeightUnit, (unit: WeightUnit) => void] {
  return useChoice(WEIGHT);
}

/** Precious metal's unit, its own choice: per troy oz (the default) or per kg. */
export function useTroyUnit(): [TroyUnit, (unit: TroyUnit) => void] {
  return useChoice(TROY);
}

/** The unit this visitor sees each kind of material in (lib/format's shownUnit with their choices). */
export function useUnitFor(): UnitFor {
  const [weight] = useUnit();
  const [troy] = useTroyUnit();
  return useCallback((saleUnit) => shownUnit(saleUnit, weight, troy), [weight, troy]);
}
