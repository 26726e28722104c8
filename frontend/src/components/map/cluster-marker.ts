// The cluster marker both maps draw (the Directory's server clusters, the small maps' overlapping
// pins): a circle with the count, named for screen readers, chosen by click, Enter or Space.
import L from "leaflet";
import { formatCount } from "@/lib/format";

/** The marker circle grows with the count's digits: 32 px for 2-9 yards, 48 px past 999. */
export function clusterSize(count: number): number {
  return count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 48;
}

export function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  // The count centres in its own box: leaflet.css gives every marker icon `display: block`, which
  // beats a utility class on the icon itself.
  return L.divIcon({
    html: `<span aria-hidden="true" class="flex h-full w-full items-center justify-center">${formatCount(count)}</span>`,
    className:
      "yard-cluster rounded-full border-2 border-white bg-brand-700 text-sm font-semibold text-white shadow-md",
    iconSize: [size, size],
  });
}

/** What choosing a cluster does: zoom in on its yards or, where no zoom takes them apart, list them. */
export function clusterLabel(count: number, zoomsIn = true): string {
  return `${formatCount(count)} scrap yards here: ${zoomsIn ? "zoom in" : "list them"}`;
}

/**
 * A cluster marker of `count` yards at `at` that calls `onZoomIn` when chosen. Leaflet makes a
 * marker a focusable button but only a click chooses it; Enter and Space do here too, as on any
 * button. Without `onZoomIn` the caller binds a popup listing the yards (Leaflet opens it on
 * click and Enter).
 */
export function clusterMarker(at: L.LatLngExpression, count: number, onZoomIn?: (marker: L.Marker) => void): L.Marker {
  const label = clusterLabel(count, onZoomIn !== undefined);
  const marker = L.marker(at, { icon: clusterIcon(count), title: label, alt: label });
  marker.on("add", () => marker.getElement()?.setAttribute("aria-label", label));
  if (!onZoomIn) return marker;
  marker.on("click", () => onZoomIn(marker));
  marker.on("keydown", (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key !== "Enter" && key !== " ") return;
    event.originalEvent.preventDefault(); // Space would scroll the page
    onZoomIn(marker);
  });
  return marker;
}
