import { useMemo, useState } from "react";
import type { SortState } from "@/components/ui/sort-header";

type Sortable = string | number | null | undefined;

/** Sorting within the page shown (the server pages; it sorts by its own order). */
export function useSorted<T, F extends string>(
  rows: T[],
  initial: SortState<F>,
  value: (row: T, field: F) => Sortable,
) {
  const [sort, setSort] = useState(initial);
  const sorted = useMemo(() => {
    const direction = sort.direction === "asc" ? 1 : -1;
    return [...rows].sort((a, b) => direction * compare(value(a, sort.field), value(b, sort.field)));
  }, [rows, sort, value]);
  const onSort = (field: F) =>
    setSort((current) => ({
      field,
      direction: current.field === field && current.direction === "asc" ? "desc" : "asc",
    }));
  return { sorted, sort, onSort };
}

function compare(a: Sortable, b: Sortable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}
