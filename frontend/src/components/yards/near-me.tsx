import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LocateFixed, MapPin } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { City } from "@/api/client";
import { cityQueries, yardQueries } from "@/api/queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { neighbourPages, Pagination } from "@/components/ui/pagination";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { type DistanceUnit, distanceLabel, distanceUnit, formatDistance, KM_PER_MILE } from "./distance";
import { YardOpenState } from "./open-state";

export const NEAR_PAGE_SIZE = 10;
/** The radius choices in the unit the distances are shown in (the API takes up to 500 km). */
export const RADIUS_OPTIONS: Record<DistanceUnit, readonly number[]> = {
  km: [10, 25, 50, 100, 250, 500],
  mi: [5, 10, 25, 50, 100, 250],
};
const DEFAULT_RADIUS_KM = 50;

type Origin = { latitude: number; longitude: number; label: string; countryCode: string | null };
type Locating = "idle" | "locating" | "denied" | "failed" | "unsupported";

const CONTROL =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700";

const PROBLEMS: Record<Exclude<Locating, "idle" | "locating">, string> = {
  denied: "Location permission was not given. Choose a city instead.",
  failed: "Your location could not be found. Choose a city instead.",
  unsupported: "This browser cannot share your location. Choose a city instead.",
};

/** The point as the API takes it: 5 decimals (about a metre) is all a distance needs. */
export function nearParameter(origin: Pick<Origin, "latitude" | "longitude">): string {
  return `${origin.latitude.toFixed(5)},${origin.longitude.toFixed(5)}`;
}

function cityLabel(city: City) {
  return `${city.name} (${city.country.name})`;
}

function cityOrigin(city: City): Origin {
  const { latitude, longitude } = city;
  return { latitude, longitude, label: `${city.name} city centre`, countryCode: city.country.code };
}

/** The country of the listed city nearest to a point (on a flat map: enough to tell countries apart). */
export function nearestCountry(cities: readonly City[], latitude: number, longitude: number): string | null {
  let best: { code: string; distance: number } | null = null;
  for (const city of cities) {
    const dx = (city.longitude - longitude) * Math.cos((latitude * Math.PI) / 180);
    const distance = (city.latitude - latitude) ** 2 + dx ** 2;
    if (!best || distance < best.distance) best = { code: city.country.code, distance };
  }
  return best?.code ?? null;
}

/** The visitor's country as the browser's language says it ("en-US"), for a unit before any place is chosen. */
function browserCountry(): string {
  try {
    return new Intl.Locale(navigator.language).maximize().region ?? "";
  } catch {
    return "";
  }
}

/** The choice of a unit nearest to a radius in km: a change of unit keeps about the same circle. */
export function nearestRadius(km: number, unit: DistanceUnit): number {
  const inUnit = unit === "mi" ? km / KM_PER_MILE : km;
  const options = RADIUS_OPTIONS[unit];
  return options.reduce((best, option) => (Math.abs(option - inUnit) < Math.abs(best - inUnit) ? option : best));
}

/** A radius in the shown unit as the API takes it (km, three decimals). */
function radiusInKm(radius: number, unit: DistanceUnit): number {
  return unit === "mi" ? Math.round(radius * KM_PER_MILE * 1000) / 1000 : radius;
}

/**
 * "Yards near me": with the visitor's permission, the yards nearest to them, with distances;
 * otherwise (or as well) the yards nearest to a chosen city's centre. The position is kept in this
 * component only: never in the URL, the history or storage.
 */
export function NearMeCard({ city: pageCity }: { city?: City } = {}) {
  const id = useId();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [locating, setLocating] = useState<Locating>("idle");
  // On a city's page its city is the place chosen; the search starts once asked for.
  const [citySlug, setCitySlug] = useState(pageCity?.slug ?? "");
  // The radius is kept in km and shown (and chosen) in the unit of the distances it will list.
  const [radiusKmChosen, setRadiusKm] = useState<number>(DEFAULT_RADIUS_KM);
  const [openFirst, setOpenFirst] = useState(false);
  const [page, setPage] = useState(1);
  const cityBox = useRef<HTMLSelectElement>(null);
  const cities = useQuery(cityQueries.list());
  const sortedCities = [...(Array.isArray(cities.data) ? cities.data : [])].sort((a, b) =>
    cityLabel(a).localeCompare(cityLabel(b)),
  );

  const unit = distanceUnit(origin?.countryCode ?? pageCity?.country.code ?? browserCountry());
  const radius = nearestRadius(radiusKmChosen, unit);
  const radiusKm = radiusInKm(radius, unit);

  const results = useQuery({
    ...yardQueries.near({
      near: origin ? nearParameter(origin) : "",
      radiusKm,
      ...(openFirst ? { openFirst: true } : {}),
      page,
      limit: NEAR_PAGE_SIZE,
    }),
    enabled: origin !== null,
    placeholderData: keepPreviousData,
  });

  const fail = (why: Exclude<Locating, "idle" | "locating">) => {
    setLocating(why);
    cityBox.current?.focus();
  };

  const locate = () => {
    if (!("geolocation" in navigator)) {
      fail("unsupported");
      return;
    }
    setLocating("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating("idle");
        setCitySlug("");
        setPage(1);
        const { latitude, longitude } = position.coords;
        const countryCode = nearestCountry(sortedCities, latitude, longitude);
        setOrigin({ latitude, longitude, label: "you", countryCode });
      },
      (error) => fail(error.code === error.PERMISSION_DENIED ? "denied" : "failed"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const cityBySlug = (slug: string) =>
    sortedCities.find((item) => item.slug === slug) ?? (pageCity?.slug === slug ? pageCity : undefined);

  const chooseCity = (slug: string) => {
    setCitySlug(slug);
    setPage(1);
    const city = cityBySlug(slug);
    setOrigin(city ? cityOrigin(city) : null);
  };

  /** A change of radius or order searches from the chosen city if nothing was searched yet. */
  const searchChosenCity = () => {
    const city = origin ? undefined : cityBySlug(citySlug);
    if (city) setOrigin(cityOrigin(city));
  };

  const problem = locating === "idle" || locating === "locating" ? null : PROBLEMS[locating];
  const data = results.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="inline-flex items-center gap-2">
            <LocateFixed aria-hidden="true" className="h-5 w-5 text-brand-700" /> Yards Near Me
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid items-end gap-3 md:grid-cols-4">
          <div>
            <Button type="button" onClick={locate} disabled={locating === "locating"} className="w-full">
              <MapPin aria-hidden="true" className="h-4 w-4" />
              {locating === "locating" ? "Finding you…" : "Use my location"}
            </Button>
          </div>
          <div className="md:col-span-2">
            <label htmlFor={`${id}-city`} className="mb-1 block text-sm font-medium text-slate-800">
              Or pick a place
            </label>
            <select
              id={`${id}-city`}
              ref={cityBox}
              value={citySlug}
              onChange={(event) => chooseCity(event.target.value)}
              className={CONTROL}
            >
              <option value="">Choose a city…</option>
              {pageCity && !sortedCities.some((city) => city.slug === pageCity.slug) && (
                <option value={pageCity.slug}>{cityLabel(pageCity)}</option>
              )}
              {sortedCities.map((city) => (
                <option key={city.slug} value={city.slug}>
                  {cityLabel(city)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-radius`} className="mb-1 block text-sm font-medium text-slate-800">
              Within
            </label>
            <select
              id={`${id}-radius`}
              value={radius}
              onChange={(event) => {
                setRadiusKm(radiusInKm(Number(event.target.value), unit));
                setPage(1);
                searchChosenCity();
              }}
              className={CONTROL}
            >
              {RADIUS_OPTIONS[unit].map((option) => (
                <option key={option} value={option}>
                  {option} {unit}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={openFirst}
            onChange={(event) => {
              setOpenFirst(event.target.checked);
              setPage(1);
              searchChosenCity();
            }}
            className="h-4 w-4 accent-brand-700"
          />
          Open now first
        </label>
        <div aria-live="polite" className="text-sm">
          {problem && (
            <p role="alert" className="text-red-800">
              {problem}
            </p>
          )}
          {origin && data && (
            <p className="text-slate-700" data-testid="near-summary">
              {`${formatCount(data.pagination.total)} ${data.pagination.total === 1 ? "yard" : "yards"} within ${radius} ${unit} of ${origin.label}, nearest first`}
            </p>
          )}
        </div>
        {origin &&
          (results.isPending ? (
            <LoadingRegion label="Finding yards near you">
              <Skeleton className="h-40" />
            </LoadingRegion>
          ) : results.isError ? (
            <ErrorState error={results.error} onRetry={() => results.refetch()} />
          ) : data && data.data.length === 0 ? (
            <EmptyState title="No scrap yards within this distance" hint="Try a wider distance or another city." />
          ) : (
            data && (
              <div className="space-y-4">
                <ol
                  aria-label="Nearest scrap yards"
                  aria-busy={results.isPlaceholderData}
                  className="divide-y divide-slate-100"
                >
                  {data.data.map((yard) => (
                    <li key={yard.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                      <div className="min-w-0">
                        <Link to={yardPath(yard)} className="font-medium text-brand-800 hover:underline">
                          {yard.name}
                        </Link>
                        <p className="text-sm text-slate-600">
                          {yard.address}, {yard.city.name}
                        </p>
                      </div>
                      <div className="flex items-center gap-3">
                        <YardOpenState yard={yard} />
                        {yard.distanceKm !== null && (
                          <span className="font-semibold whitespace-nowrap text-slate-900">
                            <span aria-hidden="true" data-testid="distance">
                              {formatDistance(yard.distanceKm, yard.city.country.code)}
                            </span>
                            <span className="sr-only">{distanceLabel(yard.distanceKm, yard.city.country.code)}</span>
                          </span>
                        )}
                      </div>
                    </li>
                  ))}
                </ol>
                <Pagination
                  page={page}
                  pages={data.pagination.pages}
                  items={neighbourPages(page, data.pagination.pages)}
                  onPageChange={setPage}
                  label="Nearby yard pages"
                />
              </div>
            )
          ))}
      </CardContent>
    </Card>
  );
}
