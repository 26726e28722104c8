import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { yardPath } from "@/lib/paths";
import { useNearViewport } from "@/lib/use-near-viewport";
import type { MapYard } from "./types";

export type { MapYard } from "./types";

type YardMapProps = {
  yards: MapYard[];
  center: [number, number];
  zoom?: number;
  /** Tailwind height class of the map box. */
  heightClass?: string;
  label: string;
};

/**
 * A Leaflet map of yards. Leaflet (51 KB gzipped, ~150 ms of a phone's main thread) loads when
 * the first map comes near the screen: on a phone the city page's map sits below its price
 * table, and a reader who never scrolls there pays nothing. The map is rebuilt whenever its
 * yards or centre change (SPEC §4). A map that fails is logged and replaced by a short note.
 */
export function YardMap({ yards, center, zoom = 12, heightClass = "h-80", label }: YardMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [nearBox, near] = useNearViewport();
  const [lat, lng] = center;

  useEffect(() => {
    const target = element.current;
    if (!target || !near) return;
    let map: { remove: () => void } | undefined;
    let cancelled = false;
    import("./leaflet-map")
      .then(({ createYardMap }) => {
        if (cancelled) return;
        map = createYardMap(target, {
          yards,
          center: [lat, lng],
          zoom,
          onOpenYard: (id) => navigate(yardPath({ id })),
        });
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error("Map initialization failed", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [near, yards, lat, lng, zoom, navigate]);

  return (
    <section
      ref={nearBox}
      aria-label={label}
      className={`relative isolate overflow-hidden rounded-md bg-slate-100 ${heightClass}`}
    >
      <div ref={element} className="h-full w-full" data-testid="yard-map" />
      {failed && (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-700">
          The map could not be loaded. The yards are listed on this page.
        </p>
      )}
    </section>
  );
}
