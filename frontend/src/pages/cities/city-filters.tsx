import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { CountryOption } from "./filter-cities";

type Props = {
  search: string;
  onSearch: (value: string) => void;
  countries: readonly CountryOption[];
  country: string | null;
  onCountry: (code: string | null) => void;
};

function FilterButton({ pressed, onClick, label }: { pressed: boolean; onClick: () => void; label: string }) {
  return (
    <Button size="sm" variant={pressed ? "primary" : "outline"} aria-pressed={pressed} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The search box and the one-country filter of the cities page. */
export function CityFilters({ search, onSearch, countries, country, onCountry }: Props) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="relative max-w-xl">
        <label htmlFor="city-search" className="sr-only">
          Search cities or countries
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id="city-search"
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search cities or countries..."
          autoComplete="off"
          className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-700"
        />
      </div>
      <fieldset>
        <legend className="sr-only">Filter by country</legend>
        <div className="flex flex-wrap gap-2">
          <FilterButton pressed={country === null} onClick={() => onCountry(null)} label="All Countries" />
          {countries.map((option) => (
            <FilterButton
              key={option.code}
              pressed={country === option.code}
              onClick={() => onCountry(option.code)}
              label={option.name}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
