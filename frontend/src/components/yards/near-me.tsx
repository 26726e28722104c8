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
import { distanceLabel, formatDistance } from "./distance";
import { YardOpenState } from "./open-state";

export const NEAR_PAGE_SIZE = 10;
export const RADIUS_OPTIONS = [10, 25, 50, 100, 250, 500] as const;
const DEFAULT_RADIUS = 50;

type Origin = { latitude: number; longitude: number; label: string };
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

/**
 * "Yards near me": with the visitor's permission, the yards nearest to them, with distances;
 * otherwise (or as well) the yards nearest to a chosen city's centre. The position is kept in this
 * component only: never in the URL, the history or storage.
 */
export function NearMeCard() {
  const id = useId();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [locating, setLocating] = useState<Locating>("idle");
  const [citySlug, setCitySlug] = useState("");
  const [radiusKm, setRadiusKm] = useState<number>(DEFAULT_RADIUS);
  const [openFirst, setOpenFirst] = useState(false);
  const [page, setPage] = useState(1);
  const cityBox = useRef<HTMLSelectElement>(null);
  const cities = useQuery(cityQueries.list());
  const sortedCities = [...(Array.isArray(cities.data) ? cities.data : [])].sort((a, b) =>
    cityLabel(a).localeCompare(cityLabel(b)),
  );

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
        setOrigin({ latitude: position.coords.latitude, longitude: position.coords.longitude, label: "you" });
      },
      (error) => fail(error.code === error.PERMISSION_DENIED ? "denied" : "failed"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const chooseCity = (slug: string) => {
    setCitySlug(slug);
    setPage(1);
    const city = cities.data?.find((item) => item.slug === slug);
    setOrigin(city ? { latitude: city.latitude, longitude: city.longitude, label: `${city.name} city centre` } : null);
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
              value={radiusKm}
              onChange={(event) => {
                setRadiusKm(Number(event.target.value));
                setPage(1);
              }}
              className={CONTROL}
            >
              {RADIUS_OPTIONS.map((km) => (
                <option key={km} value={km}>
                  {km} km
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
              {formatCount(data.pagination.total)} {data.pagination.total === 1 ? "yard" : "yards"} within {radiusKm} km
              of {origin.label}, nearest first
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
