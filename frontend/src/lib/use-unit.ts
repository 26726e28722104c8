import { useCallback, useSyncExternalStore } from "react";
import { UNITS, type Unit } from "./format";

// The chosen price unit, remembered across visits and shared by every open component.
const STORAGE_KEY = "scrapindex.unit";
const listeners = new Set<() => void>();
// The choice of this page's session, for when storage cannot keep it (private mode, blocked).
let sessionUnit: Unit = "kg";

function read(): Unit {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return UNITS.includes(stored as Unit) ? (stored as Unit) : sessionUnit;
  } catch {
    return sessionUnit;
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
    sessionUnit = next;
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage unavailable: sessionUnit keeps the choice until the page is left
    }
    for (const listener of listeners) listener();
  }, []);
  return [unit, setUnit];
}
