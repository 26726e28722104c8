import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { boxOf } from "./cluster-layer";
import { ClusterMap, type MapBounds, type MapCluster, type MapView } from "./cluster-map";

const clusters: MapCluster[] = [
  { latitude: -26.2, longitude: 28.04, count: 12, yard: null },
  { latitude: -33.9, longitude: 18.4, count: 1, yard: { id: 7, name: "Phoenix Recycling", rating: 4.2, isOpen: true } },
];

/** Around the clusters above (South Africa). */
const SOUTH_AFRICA: MapBounds = { west: 18.4, south: -33.9, east: 28.04, north: -26.2 };
/** Around New Zealand's yards: far from the clusters above. */
const NEW_ZEALAND: MapBounds = { west: 168.3, south: -46.4, east: 176.2, north: -36.8 };

function mapOf(
  items: MapCluster[] | undefined,
  onView: (view: MapView) => void = () => {},
  { bounds = SOUTH_AFRICA, fitKey = "all" }: { bounds?: MapBounds; fitKey?: string } = {},
) {
  return (
    <MemoryRouter>
      <ClusterMap
        clusters={items}
        bounds={bounds}
        fit={true}
        fitKey={fitKey}
        onView={onView}
        label="Map of scrap yards"
      />
    </MemoryRouter>
  );
}

/** West, south, east, north of a reported view. */
function boxOfView(view: MapView | undefined): number[] {
  return (view?.bbox ?? "").split(",").map(Number);
}

/** Whether the view is centred inside the box (jsdom's map has no size: its view is a point). */
function centredIn(view: MapView | undefined, { west, south, east, north }: MapBounds): boolean {
  const [w = Number.NaN, s = Number.NaN, e = Number.NaN, n = Number.NaN] = boxOfView(view);
  const lat = (s + n) / 2;
  const lng = (w + e) / 2;
  return south <= lat && lat <= north && west <= lng && lng <= east;
}

describe("ClusterMap", () => {
  it("draws a numbered button per cluster and a yard marker for a yard alone", async () => {
    render(mapOf(clusters));
    expect(screen.getByRole("region", { name: "Map of scrap yards" })).toBeInTheDocument();
    const cluster = await screen.findByRole("button", { name: "12 scrap yards here: zoom in" });
    expect(cluster).toHaveTextContent("12");
    expect(cluster).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("button", { name: "Phoenix Recycling" })).toBeInTheDocument();
  });

  it("redraws the markers from each answer without rebuilding the map", async () => {
    const { rerender } = render(mapOf(clusters));
    await screen.findByRole("button", { name: "Phoenix Recycling" });
    const box = screen.getByTestId("cluster-map").firstElementChild;
    rerender(mapOf(clusters.slice(0, 1)));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Phoenix Recycling" })).toBeNull());
    expect(screen.getByTestId("cluster-map").firstElementChild).toBe(box);
  });

  it("zooms in on a chosen cluster and reports the new view once it settles", async () => {
    const onView = vi.fn<(view: MapView) => void>();
    const last = () => onView.mock.lastCall?.[0] ?? { zoom: Number.NaN, bbox: "" };
    render(mapOf(clusters, onView));
    const cluster = await screen.findByRole("button", { name: "12 scrap yards here: zoom in" });
    await waitFor(() => expect(onView).toHaveBeenCalled());
    const before = last().zoom;
    fireEvent.click(cluster);
    await waitFor(() => expect(last().zoom).toBe(before + 2));
    expect(last().bbox).toMatch(/^-?[\d.]+(,-?[\d.]+){3}$/);
  });

  it("moves to the bounds of new filters after the user zoomed in elsewhere, once", async () => {
    const onView = vi.fn<(view: MapView) => void>();
    const last = () => onView.mock.lastCall?.[0];
    const { rerender } = render(mapOf(clusters, onView));
    const cluster = await screen.findByRole("button", { name: "12 scrap yards here: zoom in" });
    await waitFor(() => expect(onView).toHaveBeenCalled());
    fireEvent.click(cluster); // zooms in on Johannesburg
    await waitFor(() => expect(centredIn(last(), { west: 27.9, south: -26.3, east: 28.1, north: -26.1 })).toBe(true));
    const zoomedIn = last()?.zoom ?? Number.NaN;
    // New filters (New Zealand): their answer's clusters are of the old view, none of them here.
    rerender(mapOf([], onView, { bounds: NEW_ZEALAND, fitKey: "nz" }));
    await waitFor(() => expect(centredIn(last(), NEW_ZEALAND)).toBe(true));
    expect(centredIn(last(), SOUTH_AFRICA)).toBe(false);
    expect(last()?.zoom).not.toBe(zoomedIn);
    // The user's own zoom after that keeps its view: a new answer for the same filters does not refit.
    const nz = [{ latitude: -41.3, longitude: 174.8, count: 17, yard: null }];
    rerender(mapOf(nz, onView, { bounds: NEW_ZEALAND, fitKey: "nz" }));
    const fitted = last()?.zoom ?? Number.NaN;
    fireEvent.click(await screen.findByRole("button", { name: "17 scrap yards here: zoom in" }));
    await waitFor(() => expect(last()?.zoom).toBe(fitted + 2));
    rerender(mapOf(nz.slice(), onView, { bounds: NEW_ZEALAND, fitKey: "nz" }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(last()?.zoom).toBe(fitted + 2);
  });

  it("opens a lone yard's popup and gives focus back to its marker on Escape", async () => {
    render(mapOf(clusters));
    const marker = await screen.findByRole("button", { name: "Phoenix Recycling" });
    marker.focus();
    fireEvent.click(marker);
    await waitFor(() => expect(document.querySelector(".leaflet-popup")).not.toBeNull());
    const popup = document.querySelector(".leaflet-popup") as HTMLElement;
    expect(popup).toHaveTextContent("Phoenix Recycling");
    expect(popup).toHaveTextContent("Open");
    expect(popup.querySelector("a")).toHaveAttribute("href", "/scrap-yard/7");
    popup.querySelector("a")?.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(document.querySelector(".leaflet-popup")).toBeNull());
    expect(marker).toHaveFocus();
  });
});

describe("boxOf", () => {
  it("widens the box to the zoom's grid and clamps latitudes", () => {
    expect(boxOf(27.6, -26.5, 28.5, -25.9, 4)).toEqual({ bbox: "22.5,-28.125,33.75,-22.5" });
    expect(boxOf(-10, -95, 10, 95, 0).bbox).toBe("-90,-90,90,90");
  });

  it("wraps longitudes past the antimeridian and asks for the world when wider", () => {
    expect(boxOf(170, -50, 190, -30, 3).bbox).toBe("168.75,-56.25,-168.75,-22.5");
    expect(boxOf(-400, -80, 300, 80, 1).bbox).toBe("-180,-90,180,90");
    expect(boxOf(90, 0, 180, 10, 2).bbox).toBe("90,0,180,22.5");
  });
});
