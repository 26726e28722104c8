import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

export type PageItem = number | "gap";

/** City yards (SPEC §2): the first page, the last page and pages within one of the current. */
export function neighbourPages(current: number, pages: number): PageItem[] {
  const items: PageItem[] = [];
  for (let page = 1; page <= pages; page++) {
    const shown = page === 1 || page === pages || Math.abs(page - current) <= 1;
    if (shown) items.push(page);
    else if (items.at(-1) !== "gap") items.push("gap");
  }
  return items;
}

/** Directory (SPEC §2): up to `size` numbers around the current page, then a jump to the last. */
export function windowPages(current: number, pages: number, size = 5): PageItem[] {
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pages - count + 1);
  const items: PageItem[] = Array.from({ length: count }, (_, i) => start + i);
  const last = start + count - 1;
  if (last < pages - 1) items.push("gap");
  if (last < pages) items.push(pages);
  return items;
}

type PaginationProps = {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  items: PageItem[];
  label?: string;
};

/** Previous, the page numbers given, Next. Renders nothing for a single page. */
export function Pagination({ page, pages, onPageChange, items, label = "Pagination" }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </Button>
      {items.map((item, index) =>
        item === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`} aria-hidden="true" className="px-2 text-slate-600">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? "primary" : "outline"}
            size="sm"
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
