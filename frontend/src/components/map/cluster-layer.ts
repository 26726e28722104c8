// The Leaflet half of the clustered yard map, in the same lazily loaded chunk as leaflet-map.ts.
// The base map (tiles, attribution, Escape closing popups) comes from createYardMap; this file
// draws the server's clusters on it: a circle with the count that zooms in when chosen, and a
// yard of its own as a normal marker with its popup.
import L from "leaflet";
import { clusterMarker } from "./cluster-marker";
import type { MapBounds, MapCluster, MapView } from "./cluster-types";
import { createYardMap, markerIconOptions, popupContent } from "./leaflet-map";

/** The closest a fit goes: a single yard (a box of no size) shows its streets, not its roof. */
export const FIT_MAX_ZOOM = 12;

/**
 * West, south, east, north widened to the zoom's grid (so small pans ask for the same box and hit
 * the caches), latitudes clamped, longitudes wrapped into -180..180: west > east crosses the
 * antimeridian, and a view wider than the world asks for all of it.
 */
export function boxOf(west: number, south: number, east: number, north: number, zoom = 0): { bbox: string } {
  const cell = 360 / 2 ** Math.max(zoom, 0) / 4;
  const snap = (value: number, round: (x: number) => number) => round(value / cell) * cell;
  const clampLat = (lat: number) => Math.min(Math.max(lat, -90), 90);
  const s = clampLat(snap(south, Math.floor));
  const n = clampLat(snap(north, Math.ceil));
  const w = snap(west, Math.floor);
  const e = snap(east, Math.ceil);
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  const [west2, east2] = e - w >= 360 ? [-180, 180] : [wrap(w), wrap(e) === -180 && e > w ? 180 : wrap(e)];
  const round = (value: number) => Number(value.toFixed(4));
  return { bbox: [west2, s, east2, n].map(round).join(",") };
}

export type ClusterLayer = {
  show: (clusters: MapCluster[]) => void;
  /** Shows this box (every yard of a new set of filters), then reports the view. */
  fit: (bounds: MapBounds) => void;
  remove: () => void;
};

type LayerOptions = {
  onView: (view: MapView) => void;
  onOpenYard: (id: number) => void;
};

/** A map in `element` whose markers are the clusters handed to `show`; reports its view on moves. */
export function createClusterMap(element: HTMLElement, { onView, onOpenYard }: LayerOptions): ClusterLayer {
  const map = createYardMap(element, { yards: [], center: [20, 0], zoom: 2, onOpenYard });
  const layer = L.layerGroup().addTo(map);
  const report = () => {
    const bounds = map.getBounds();
    const zoom = Math.round(map.getZoom());
    onView({ zoom, ...boxOf(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth(), zoom) });
  };
  map.on("moveend", report);
  // Escape closes a popup (the base map's handler): focus goes back to that popup's marker.
  let escaping = false;
  const onKeyDown = (event: KeyboardEvent) => {
    escaping = event.key === "Escape";
  };
  document.addEventListener("keydown", onKeyDown, true);
  map.on("unload", () => document.removeEventListener("keydown", onKeyDown, true));

  const show = (clusters: MapCluster[]) => {
    layer.clearLayers();
    for (const cluster of clusters) {
      const at: [number, number] = [cluster.latitude, cluster.longitude];
      if (cluster.yard) {
        const yard = { ...cluster.yard, latitude: cluster.latitude, longitude: cluster.longitude };
        const marker = L.marker(at, { icon: markerIconOptions, title: yard.name, alt: yard.name });
        marker.bindPopup(popupContent(yard, onOpenYard));
        marker.on("popupclose", () => {
          if (escaping) marker.getElement()?.focus();
          escaping = false;
        });
        layer.addLayer(marker);
      } else {
        // Not animated: a zoom still running when new filters refit the map would end where it
        // was going and report that view as theirs.
        const marker = clusterMarker(at, cluster.count, () =>
          map.setView(at, Math.min(map.getZoom() + 2, map.getMaxZoom() || 18), { animate: false }),
        );
        layer.addLayer(marker);
      }
    }
  };

  const fit = ({ west, south, east, north }: MapBounds) => {
    const bounds = L.latLngBounds([south, west], [north, east]);
    map.stop(); // a zoom still running would end where it was going, not here
    // Room above for the 41 px marker pins, so the northernmost one is not cut off.
    map.fitBounds(bounds.pad(0.1), {
      paddingTopLeft: [12, 41],
      paddingBottomRight: [12, 0],
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
    report(); // also when the view did not move, so the view's own clusters are asked for
  };

  return { show, fit, remove: () => map.remove() };
}
