import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { yardPath } from "@/lib/paths";
import type { ClusterLayer } from "./cluster-layer";
import type { MapBounds, MapCluster, MapView } from "./cluster-types";

export type { MapBounds, MapCluster, MapView } from "./cluster-types";

/** How long the map must stay still before its new view is reported (and fetched). */
export const VIEW_DEBOUNCE_MS = 300;

type ClusterMapProps = {
  clusters: MapCluster[] | undefined;
  /** The box around every yard of the filters, wherever the view is; null when none matches. */
  bounds: MapBounds | null | undefined;
  /** Whether `clusters` and `bounds` answer `fitKey` (not an earlier answer kept meanwhile). */
  fit: boolean;
  /**
   * What the clusters are of (the filters). The map fits `bounds` once per key, whatever the
   * user did before; moves and zooms after that keep their view. Views are reported only once
   * fitted to the current key.
   */
  fitKey: string;
  /** The box and zoom shown, after each move or zoom has settled. */
  onView: (view: MapView) => void;
  heightClass?: string;
  label: string;
};

/**
 * A Leaflet map of clustered yards: the map is built once and its markers are redrawn from each
 * answer, so panning and zooming keep the view (the server clusters what the view shows).
 */
export function ClusterMap({ clusters, bounds, fit, fitKey, onView, heightClass = "h-96", label }: ClusterMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const layer = useRef<ClusterLayer | null>(null);
  const latest = useRef({ clusters, bounds, fit, fitKey, onView, fitted: undefined as string | undefined });
  latest.current = { ...latest.current, clusters, bounds, fit, fitKey, onView };
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const draw = () => {
    const current = latest.current;
    if (!layer.current || !current.clusters) return;
    layer.current.show(current.clusters);
    if (current.fit && current.bounds && current.fitted !== current.fitKey) {
      current.fitted = current.fitKey;
      layer.current.fit(current.bounds);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once; draw reads refs
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = (view: MapView) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // A move that settles after new filters, before the map has fitted their yards, is
        // not theirs: it would keep the map where their yards may not be.
        if (latest.current.fitted === latest.current.fitKey) latest.current.onView(view);
      }, VIEW_DEBOUNCE_MS);
    };
    import("./cluster-layer")
      .then(({ createClusterMap }) => {
        if (cancelled) return;
        layer.current = createClusterMap(target, {
          onView: report,
          onOpenYard: (id) => navigate(yardPath({ id })),
        });
        draw();
      })
      .catch((error: unknown) => {
        console.error("Map initialization failed", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      layer.current?.remove();
      layer.current = null;
    };
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: draw reads the latest props from a ref
  useEffect(draw, [clusters, bounds, fit, fitKey]);

  return (
    <section aria-label={label} className={`relative isolate overflow-hidden rounded-md bg-slate-100 ${heightClass}`}>
      <div ref={element} className="h-full w-full" data-testid="cluster-map" />
      {failed && (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-700">
          The map could not be loaded. Switch to the list to see the yards.
        </p>
      )}
    </section>
  );
}
