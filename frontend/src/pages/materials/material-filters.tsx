import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CategoryIcon } from "@/components/ui/category-icon";
import type { CategoryOption } from "./filter-materials";

type Props = {
  search: string;
  onSearch: (value: string) => void;
  categories: readonly CategoryOption[];
  category: string | null;
  onCategory: (category: string | null) => void;
};

function FilterButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="sm" variant={pressed ? "primary" : "outline"} aria-pressed={pressed} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The search box and the one-category filter of the materials page. */
export function MaterialFilters({ search, onSearch, categories, category, onCategory }: Props) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="relative max-w-xl">
        <label htmlFor="material-search" className="sr-only">
          Search materials, categories, or descriptions
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id="material-search"
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search materials, categories, or descriptions..."
          autoComplete="off"
          className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-700"
        />
      </div>
      <fieldset>
        <legend className="sr-only">Filter by category</legend>
        <div className="flex flex-wrap gap-2">
          <FilterButton pressed={category === null} onClick={() => onCategory(null)}>
            All Categories
          </FilterButton>
          {categories.map((option) => (
            <FilterButton
              key={option.category}
              pressed={category === option.category}
              onClick={() => onCategory(option.category)}
            >
              <CategoryIcon category={option.category} />
              {option.category}
            </FilterButton>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
