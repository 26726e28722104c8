// The Leaflet half of the yard map, in its own chunk so that only pages showing a map load it.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { env } from "@/config/env";
import { yardPath } from "@/lib/paths";
import { clusterMarker, clusterSize } from "./cluster-marker";
import { type Footprint, groupOverlappingPins } from "./pin-groups";
import type { MapYard } from "./types";

/**
 * Where the tiles come from: our own origin, which fetches them from OpenStreetMap (the server's
 * MAP_TILE_UPSTREAM), keeps them, and answers a plain placeholder tile when it cannot, so a map
 * offline logs no failed request (src/scrapindex/web/tiles.py). A build may still name another
 * tile server with VITE_MAP_TILE_URL (and list its host in the server's MAP_TILE_HOSTS).
 */
export const TILE_URL = env.mapTileUrl;
const ATTRIBUTION = env.mapAttribution;

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
 * to the marker that opened the popup, so a keyboard user carries on from there. Returns how to
 * follow a marker made later (a cluster listing its yards).
 */
function closePopupOnEscape(map: L.Map, markers: L.Marker[]): (marker: L.Marker) => void {
  let opener: L.Marker | undefined;
  const follow = (marker: L.Marker) => marker.on("popupopen", () => (opener = marker));
  markers.forEach(follow);
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
  return follow;
}

/** The pin's box around the point it stands on (markerIconOptions: 25 x 41, tip at the point). */
const PIN_FOOTPRINT: Footprint = { left: -12, top: -41, width: 25, height: 41 };
const clusterFootprint = (count: number): Footprint => {
  const size = clusterSize(count);
  return { left: -size / 2, top: -size / 2, width: size, height: size };
};
/** Room kept between two markers, so a finger aimed at one does not land on the other. */
const MARKER_GAP = 4;

type PlacedYard = { yard: MapYard; marker: L.Marker };

/** The zoom that shows these yards apart: their box fitted with a pin's room around it, at least one step in. */
function zoomApart(map: L.Map, bounds: L.LatLngBounds): number {
  const fitted = map.getBoundsZoom(bounds, false, L.point(2 * PIN_FOOTPRINT.width, 2 * PIN_FOOTPRINT.height));
  const closer = Math.max(Number.isFinite(fitted) ? fitted : 0, map.getZoom() + 1);
  return Math.min(closer, map.getMaxZoom());
}

/** A popup listing the yards of a cluster that no zoom can take apart (same address). */
function listContent(yards: MapYard[], onOpenYard?: (id: number) => void): HTMLElement {
  const list = document.createElement("ul");
  list.setAttribute("aria-label", `${yards.length} scrap yards here`);
  for (const yard of yards) {
    const item = document.createElement("li");
    item.append(popupContent(yard, onOpenYard));
    list.append(item);
  }
  return list;
}

/**
 * Shows each yard as its own pin where the pins stand apart at the map's zoom, and pins that would
 * overlap (so one could not be tapped) as one cluster marker that zooms in on them when chosen.
 * Regrouped after every zoom; a keyboard user who chose a cluster is taken to its first yard.
 */
function groupPinsByZoom(
  map: L.Map,
  placed: PlacedYard[],
  follow: (marker: L.Marker) => void,
  onOpenYard?: (id: number) => void,
): () => void {
  const clusters = L.layerGroup().addTo(map);
  let refocus: MapYard | undefined;
  const regroup = () => {
    const zoom = map.getZoom();
    const pins = placed.map((item) => ({ ...map.project(item.marker.getLatLng(), zoom), item }));
    const groups = groupOverlappingPins(pins, { pin: PIN_FOOTPRINT, cluster: clusterFootprint, gap: MARKER_GAP });
    clusters.clearLayers();
    let focusTarget: L.Marker | undefined;
    for (const group of groups) {
      const members = group.items;
      const [alone] = members;
      let marker: L.Marker;
      if (alone && members.length === 1) marker = alone.marker.addTo(map);
      else {
        for (const member of members) member.marker.remove();
        marker = clusterOf(L.point(group.x, group.y), members);
        clusters.addLayer(marker);
      }
      if (refocus && members.some((member) => member.yard === refocus)) focusTarget = marker;
    }
    refocus = undefined;
    focusTarget?.getElement()?.focus();
  };
  const clusterOf = (point: L.Point, members: PlacedYard[]): L.Marker => {
    const at = map.unproject(point, map.getZoom());
    if (map.getZoom() >= map.getMaxZoom()) {
      const marker = clusterMarker(at, members.length);
      follow(
        marker.bindPopup(
          listContent(
            members.map((member) => member.yard),
            onOpenYard,
          ),
        ),
      );
      return marker;
    }
    const bounds = L.latLngBounds(members.map((member) => member.marker.getLatLng()));
    return clusterMarker(at, members.length, (chosen) => {
      if (chosen.getElement() === document.activeElement) refocus = members[0]?.yard;
      map.setView(bounds.getCenter(), zoomApart(map, bounds));
    });
  };
  map.on("zoomend", regroup);
  return regroup;
}

/** Builds the map in `element`: zoom 12 on the centre, or the yards' bounds padded by 10%. */
export function createYardMap(element: HTMLElement, { yards, center, zoom, onOpenYard }: MapOptions): L.Map {
  const map = L.map(element, { scrollWheelZoom: false }).setView(center, zoom);
  L.tileLayer(TILE_URL, { attribution: ATTRIBUTION, maxZoom: 19, errorTileUrl: TILE_UNAVAILABLE_URL }).addTo(map);
  const placed = yards.map((yard) => ({
    yard,
    marker: L.marker([yard.latitude, yard.longitude], {
      icon: markerIconOptions,
      title: yard.name,
      alt: yard.name,
    }).bindPopup(popupContent(yard, onOpenYard)),
  }));
  const follow = closePopupOnEscape(
    map,
    placed.map((item) => item.marker),
  );
  const regroup = groupPinsByZoom(map, placed, follow, onOpenYard);
  if (yards.length > 1) {
    const bounds = L.latLngBounds(yards.map((y) => [y.latitude, y.longitude] as [number, number]));
    // Room above for the 41 px marker pins, so the northernmost one is not cut off.
    map.fitBounds(bounds.pad(0.1), { paddingTopLeft: [12, 41], paddingBottomRight: [12, 0] });
  }
  regroup(); // also when the fit did not change the zoom (no zoomend)
  return map;
}
