import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import type { CityPriceRow, Schemas } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { rememberCity, useVisitorCity } from "@/lib/visitor-place";

type ListedCity = Schemas["CityListItem"];

export type LocalPrices = {
  /** The visitor's city (lib/visitor-place), once placed. */
  city: ListedCity | null;
  /** Its latest price of each material, by material id; empty while they load or on failure. */
  byMaterial: ReadonlyMap<number, CityPriceRow>;
  status: "pending" | "error" | "success";
  cities: readonly ListedCity[];
  pick: (slug: string) => void;
};

/**
 * The visitor's city's own prices, in its currency: what a seller there can use, shown before
 * the cross-country average in US dollars. A city picked here is remembered (lib/visitor-place).
 */
export function useLocalPrices(): LocalPrices {
  const cities = useQuery(cityQueries.list());
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const visitor = useVisitorCity(cities.data, picked === undefined ? {} : { chosen: picked });
  const slug = visitor?.city.slug ?? "";
  const prices = useQuery({ ...cityQueries.prices(slug), enabled: slug !== "" });
  const byMaterial = useMemo(() => new Map((prices.data ?? []).map((row) => [row.material.id, row])), [prices.data]);
  const pick = (next: string) => {
    const city = cities.data?.find((option) => option.slug === next);
    if (!city) return;
    rememberCity(city);
    setPicked(next);
  };
  const status = cities.isError || prices.isError ? "error" : prices.data ? "success" : "pending";
  return { city: visitor?.city ?? null, byMaterial, status, cities: cities.data ?? [], pick };
}

/** Whose prices the cards show first, and a chooser for another city. */
export function LocalCityChooser({ local }: { local: LocalPrices }) {
  const id = useId();
  const groups = useMemo(() => {
    const byCountry = new Map<string, ListedCity[]>();
    for (const city of local.cities) {
      const group = byCountry.get(city.country.name);
      if (group) group.push(city);
      else byCountry.set(city.country.name, [city]);
    }
    return [...byCountry];
  }, [local.cities]);
  const { city } = local;
  if (!city) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        Prices first for{" "}
        <strong className="font-semibold text-slate-900">
          {city.name}, {city.country.name}
        </strong>{" "}
        in {city.country.currency}; below each, the average across all tracked cities in US dollars.
        {local.status === "error" && <span role="status"> {city.name}'s prices could not be loaded.</span>}
      </p>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor={id} className="shrink-0 text-slate-700">
          Your city
        </label>
        <select
          id={id}
          value={city.slug}
          onChange={(event) => local.pick(event.target.value)}
          className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {groups.map(([country, members]) => (
            <optgroup key={country} label={country}>
              {members.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  );
}
