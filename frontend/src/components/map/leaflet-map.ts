// The Leaflet half of the yard map, in its own chunk so that only pages showing a map load it.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { yardPath } from "@/lib/paths";
import type { MapYard } from "./types";

/**
 * Where the tiles come from: our own origin, which fetches them from OpenStreetMap (the server's
 * MAP_TILE_UPSTREAM), keeps them, and answers a plain placeholder tile when it cannot, so a map
 * offline logs no failed request (src/scrapindex/web/tiles.py). A build may still name another
 * tile server with VITE_MAP_TILE_URL (and list its host in the server's MAP_TILE_HOSTS).
 */
export const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || "/tiles/{z}/{x}/{y}.png";
const ATTRIBUTION =
  import.meta.env.VITE_MAP_ATTRIBUTION || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * What a tile that cannot be fetched (our server busy or away) shows: a plain same-origin tile,
 * so the map keeps its markers on a quiet background instead of broken-image boxes. Served from
 * frontend/public; the server's /tiles/ answers the same file when the tile server is away.
 */
export const TILE_UNAVAILABLE_URL = "/map-tile-unavailable.svg";

// Bundled marker images instead of a CDN (DESIGN §6).
export const markerIconOptions = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export type MapOptions = {
  yards: MapYard[];
  center: [number, number];
  zoom: number;
  onOpenYard?: (id: number) => void;
};

export function popupContent(yard: MapYard, onOpenYard?: (id: number) => void): HTMLElement {
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
  box.append(name, status, rating);
  if (onOpenYard) {
    const link = document.createElement("a");
    link.href = yardPath(yard);
    link.textContent = "View Details";
    link.addEventListener("click", (event) => {
      event.preventDefault();
      onOpenYard(yard.id);
    });
    box.append(link);
  }
  return box;
}

/**
 * SPEC §4: Escape closes any open overlay, wherever focus is (a marker, the popup's link, the
 * page). Leaflet's own handler only listens while the map box itself has focus. Focus goes back
 * to the marker that opened the popup, so a keyboard user carries on from there.
 */
function closePopupOnEscape(map: L.Map, markers: L.Marker[]): void {
  let opener: L.Marker | undefined;
  for (const marker of markers) marker.on("popupopen", () => (opener = marker));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    if (!map.getContainer().querySelector(".leaflet-popup")) return;
    const focusWasInside = map.getContainer().contains(document.activeElement);
    map.closePopup();
    event.preventDefault();
    if (focusWasInside) opener?.getElement()?.focus();
  };
  document.addEventListener("keydown", onKeyDown);
  map.on("unload", () => document.removeEventListener("keydown", onKeyDown));
}

/** Builds the map in `element`: zoom 12 on the centre, or the yards' bounds padded by 10%. */
export function createYardMap(element: HTMLElement, { yards, center, zoom, onOpenYard }: MapOptions): L.Map {
  const map = L.map(element, { scrollWheelZoom: false }).setView(center, zoom);
  L.tileLayer(TILE_URL, { attribution: ATTRIBUTION, maxZoom: 19, errorTileUrl: TILE_UNAVAILABLE_URL }).addTo(map);
  const markers = yards.map((yard) =>
    L.marker([yard.latitude, yard.longitude], { icon: markerIconOptions, title: yard.name, alt: yard.name })
      .bindPopup(popupContent(yard, onOpenYard))
      .addTo(map),
  );
  closePopupOnEscape(map, markers);
  if (yards.length > 1) {
    const bounds = L.latLngBounds(yards.map((y) => [y.latitude, y.longitude] as [number, number]));
    // Room above for the 41 px marker pins, so the northernmost one is not cut off.
    map.fitBounds(bounds.pad(0.1), { paddingTopLeft: [12, 41], paddingBottomRight: [12, 0] });
  }
  return map;
}
