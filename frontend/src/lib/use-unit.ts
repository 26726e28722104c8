import { useCallback, useSyncExternalStore } from "react";
import { UNITS, type Unit } from "./format";

// The chosen price unit, remembered across visits and shared by every open component.
const STORAGE_KEY = "scrapindex.unit";
const listeners = new Set<() => void>();
// The choice storage could not keep (private mode, blocked storage): it holds for this page.
let unstoredUnit: Unit | null = null;

function read(): Unit {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return UNITS.includes(stored as Unit) ? (stored as Unit) : (unstoredUnit ?? "kg");
  } catch {
    return unstoredUnit ?? "kg";
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useUnit(): [Unit, (unit: Unit) => void] {
  const unit = useSyncExternalStore(subscribe, read, () => "kg" as Unit);
  const setUnit = useCallback((next: Unit) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
      unstoredUnit = null;
    } catch {
      unstoredUnit = next;
    }
    for (const listener of listeners) listener();
  }, []);
  return [unit, setUnit];
}
