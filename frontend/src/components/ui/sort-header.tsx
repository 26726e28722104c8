import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";

export type SortState<F extends string> = { field: F; direction: "asc" | "desc" };

/** A sortable column header: a button inside the <th>, with aria-sort on the <th>. */
export function SortHeader<F extends string>({
  field,
  label,
  sort,
  onSort,
  className = "",
}: {
  field: F;
  label: string;
  sort: SortState<F>;
  onSort: (field: F) => void;
  className?: string;
}) {
  const active = sort.field === field;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-1.5 py-2 font-semibold sm:px-3 ${className}`}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 whitespace-nowrap rounded hover:text-brand-700"
      >
        {label}
        <Icon aria-hidden="true" className={`h-4 w-4 ${active ? "text-brand-700" : "text-slate-400"}`} />
      </button>
    </th>
  );
}
