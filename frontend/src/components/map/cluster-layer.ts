// The Leaflet half of the clustered yard map, in the same lazily loaded chunk as leaflet-map.ts.
// The base map (tiles, attribution, Escape closing popups) comes from createYardMap; this file
// draws the server's clusters on it: a circle with the count that zooms in when chosen, and a
// yard of its own as a normal marker with its popup.
import L from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { formatCount } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import type { MapCluster, MapView } from "./cluster-types";
import { createYardMap } from "./leaflet-map";
import type { MapYard } from "./types";

const yardIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** The marker circle grows with the count's digits: 32 px for 2-9 yards, 48 px past 999. */
function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 48;
  return L.divIcon({
    html: `<span aria-hidden="true">${formatCount(count)}</span>`,
    className:
      "yard-cluster flex items-center justify-center rounded-full border-2 border-white bg-brand-700 text-sm font-semibold text-white shadow-md",
    iconSize: [size, size],
  });
}

function yardPopup(yard: MapYard, onOpenYard: (id: number) => void): HTMLElement {
  const box = document.createElement("div");
  const name = document.createElement("strong");
  name.textContent = yard.name;
  const status = document.createElement("div");
  status.textContent = yard.isOpen === null ? "Hours unknown" : yard.isOpen ? "Open" : "Closed";
  status.style.color = yard.isOpen === null ? "#334155" : yard.isOpen ? "#166534" : "#991b1b";
  const rating = document.createElement("div");
  const filled = yard.rating ? Math.floor(yard.rating) : 0;
  rating.setAttribute("aria-label", yard.rating ? `Rated ${yard.rating.toFixed(1)} out of 5` : "Not rated yet");
  rating.textContent = `${"★".repeat(filled)}${"☆".repeat(5 - filled)} ${yard.rating ? yard.rating.toFixed(1) : "N/A"}`;
  const link = document.createElement("a");
  link.href = yardPath(yard);
  link.textContent = "View Details";
  link.addEventListener("click", (event) => {
    event.preventDefault();
    onOpenYard(yard.id);
  });
  box.append(name, status, rating, link);
  return box;
}

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
  /** Zooms to show these points (the first answer for a set of filters). */
  fit: (clusters: MapCluster[]) => void;
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
        const marker = L.marker(at, { icon: yardIcon, title: yard.name, alt: yard.name });
        marker.bindPopup(yardPopup(yard, onOpenYard));
        marker.on("popupclose", () => {
          if (escaping) marker.getElement()?.focus();
          escaping = false;
        });
        layer.addLayer(marker);
      } else {
        const label = `${formatCount(cluster.count)} scrap yards here: zoom in`;
        const marker = L.marker(at, { icon: clusterIcon(cluster.count), title: label, alt: label });
        // Not animated: a zoom still running when new filters refit the map would end where it
        // was going and report that view as theirs.
        marker.on("click", () =>
          map.setView(at, Math.min(map.getZoom() + 2, map.getMaxZoom() || 18), { animate: false }),
        );
        marker.once("add", () => marker.getElement()?.setAttribute("aria-label", label));
        layer.addLayer(marker);
      }
    }
  };

  const fit = (clusters: MapCluster[]) => {
    if (clusters.length === 0) return;
    const bounds = L.latLngBounds(clusters.map((c) => [c.latitude, c.longitude] as [number, number]));
    map.stop();
    if (clusters.length === 1) map.setView(bounds.getCenter(), clusters[0]?.yard ? 12 : 8, { animate: false });
    else
      map.fitBounds(bounds.pad(0.1), {
        paddingTopLeft: [12, 41],
        paddingBottomRight: [12, 0],
        maxZoom: 12,
        animate: false,
      });
    report(); // also when the view did not move, so the view's own clusters are asked for
  };

  return { show, fit, remove: () => map.remove() };
}
