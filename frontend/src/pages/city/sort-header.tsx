import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { PriceSort, PriceSortField } from "./price-sort";

/** A sortable column header: a button inside the <th>, with aria-sort on the <th>. */
export function SortHeader({
  field,
  label,
  sort,
  onSort,
  className = "",
}: {
  field: PriceSortField;
  label: string;
  sort: PriceSort;
  onSort: (field: PriceSortField) => void;
  className?: string;
}) {
  const active = sort.field === field;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-1.5 py-2 sm:px-3 font-semibold ${className}`}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded whitespace-nowrap hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {label}
        <Icon aria-hidden="true" className={`h-4 w-4 ${active ? "text-brand-700" : "text-slate-400"}`} />
      </button>
    </th>
  );
}
