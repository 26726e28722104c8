import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import type { Schemas } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatPrice, UNIT_LABELS } from "@/lib/format";
import { cityPath } from "@/lib/paths";
import { useUnit } from "@/lib/use-unit";
import { rememberCity, useVisitorCity } from "@/lib/visitor-place";

type ListedCity = Schemas["CityListItem"];

function groupByCountry(cities: readonly ListedCity[]): [string, ListedCity[]][] {
  const groups = new Map<string, ListedCity[]>();
  for (const city of cities) {
    const group = groups.get(city.country.name);
    if (group) group.push(city);
    else groups.set(city.country.name, [city]);
  }
  return [...groups];
}

function CitySelect({
  cities,
  value,
  onPick,
}: {
  cities: ListedCity[];
  value: string;
  onPick: (slug: string) => void;
}) {
  const id = useId();
  const groups = useMemo(() => groupByCountry(cities), [cities]);
  // The list of every city opens on request: a page's only listbox stays the header search's.
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-start text-sm font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        Change city
      </button>
    );
  }
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-slate-700">
        Another city
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onPick(event.target.value);
          setOpen(false);
        }}
        // biome-ignore lint/a11y/noAutofocus: opened by the button just pressed, to choose at once
        autoFocus
        className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {groups.map(([country, members]) => (
          <optgroup key={country} label={country}>
            {members.map((city) => (
              <option key={city.slug} value={city.slug}>
                {city.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/**
 * "What is copper worth near me", on the first screen: #1 Copper's price in the visitor's city
 * (lib/visitor-place: no permission asked), with its kind and day, a link to the city's prices
 * and a chooser for another city, which is remembered.
 */
export function CopperNearYou() {
  const [unit] = useUnit();
  const cities = useQuery(cityQueries.list());
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const visitor = useVisitorCity(cities.data, picked === undefined ? {} : { chosen: picked });

  if (cities.isError) {
    return (
      <div role="status" className="rounded-lg bg-white p-4 text-sm text-slate-700">
        Copper prices could not be loaded.{" "}
        <button type="button" onClick={() => cities.refetch()} className="font-medium text-brand-700 underline">
          Try again
        </button>
      </div>
    );
  }
  if (!cities.data || !visitor) {
    return (
      // Not a LoadingRegion: the page's three sections are what its loading test counts.
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading the copper price near you</span>
        <Skeleton className="h-32 w-full rounded-lg bg-white/70" />
      </div>
    );
  }
  const { city } = visitor;
  const copper = city.copperPrice;
  const pick = (slug: string) => {
    const next = cities.data.find((option) => option.slug === slug);
    if (!next) return;
    rememberCity(next);
    setPicked(slug);
  };
  return (
    <section aria-labelledby="copper-near-you" className="rounded-lg bg-white p-4 text-slate-900 shadow-sm">
      <h2 id="copper-near-you" className="text-sm font-medium text-slate-700">
        {copper ? copper.materialName : "Copper"} in {city.name}, {city.country.name}
      </h2>
      {copper ? (
        <>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="copper-near-you-price">
            {formatPrice(copper.priceExact, copper.currency, unit)}{" "}
            <span className="text-base font-normal text-slate-600">
              {copper.currency} {UNIT_LABELS[unit]}
            </span>
          </p>
          <p className="text-sm text-slate-600">
            {PRICE_KIND_LABELS[copper.kind]} · {formatDate(copper.date)}
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No copper price for {city.name} yet.</p>
      )}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to={cityPath(city)} className="font-medium text-brand-700 hover:underline">
          All prices in {city.name}
        </Link>
        <CitySelect cities={cities.data} value={city.slug} onPick={pick} />
      </div>
    </section>
  );
}
