import { Search } from "lucide-react";
import { useId } from "react";
import type { YardSort, YardStatus } from "@/api/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { labelledValues } from "@/lib/search-query";
import type { DirectoryFilters as Filters } from "./directory-params";
import type { Option } from "./filter-options";

// The choices are content/routes.json's (searchQueries.directoryPage), with the words shown for them.
const STATUS_OPTIONS = labelledValues<YardStatus>("directoryPage", "status", {
  all: "All",
  open: "Open Now",
  closed: "Closed",
});

const SORT_OPTIONS = labelledValues<YardSort>("directoryPage", "sort", {
  rating: "Highest Rated",
  name: "Name A-Z",
  city: "City A-Z",
  country: "Country A-Z",
  reviews: "Most Reviews",
});

const CONTROL =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700";

type SelectProps = {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  all?: string;
};

function FilterSelect({ label, value, options, onChange, all }: SelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={CONTROL}>
        {all && <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type Props = {
  filters: Filters;
  text: string;
  onText: (text: string) => void;
  countries: readonly Option[];
  cities: readonly Option[];
  onChange: (changes: Partial<Filters>) => void;
};

/** Search text, country, city, status and sort of the directory (SPEC §2). */
export function DirectoryFilters({ filters, text, onText, countries, cities, onChange }: Props) {
  const searchId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Search &amp; Filter</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
            Search
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              value={text}
              maxLength={100}
              onChange={(event) => onText(event.target.value)}
              placeholder="Search yards, cities..."
              autoComplete="off"
              className={`${CONTROL} pl-9 placeholder:text-slate-500`}
            />
          </div>
        </div>
        <FilterSelect
          label="Country"
          all="All Countries"
          value={filters.country}
          options={countries}
          onChange={(country) => onChange({ country })}
        />
        <FilterSelect
          label="City"
          all="All Cities"
          value={filters.city}
          options={cities}
          onChange={(city) => onChange({ city })}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => onChange({ status: status as YardStatus })}
        />
        <FilterSelect
          label="Sort by"
          value={filters.sort}
          options={SORT_OPTIONS}
          onChange={(sort) => onChange({ sort: sort as YardSort })}
        />
      </CardContent>
    </Card>
  );
}
