import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import L from "leaflet";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createYardMap, TILE_UNAVAILABLE_URL, TILE_URL } from "./leaflet-map";
import type { MapYard } from "./types";

describe("yard map tiles", () => {
  it("falls back to a same-origin placeholder tile that the build ships", () => {
    const element = document.createElement("div");
    document.body.append(element);
    const map = createYardMap(element, { yards: [], center: [-26.2, 28.04], zoom: 12 });
    const tiles: L.TileLayer[] = [];
    map.eachLayer((layer) => {
      if (layer instanceof L.TileLayer) tiles.push(layer);
    });
    expect(tiles).toHaveLength(1);
    expect(tiles[0]?.options.errorTileUrl).toBe(TILE_UNAVAILABLE_URL);
    // Same origin: the server's /tiles/ route (web/tiles.py), so no request leaves the site.
    expect(TILE_URL).toBe("/tiles/{z}/{x}/{y}.png");
    expect(tiles[0]?.getTileUrl(Object.assign(L.point(3, 5), { z: 12 }))).toBe("/tiles/12/3/5.png");
    expect(TILE_UNAVAILABLE_URL).toMatch(/^\/[\w-]+\.svg$/); // same origin, from frontend/public
    const file = readFileSync(join(import.meta.dirname, "../../../public", TILE_UNAVAILABLE_URL), "utf8");
    expect(file).toMatch(/^<svg [^>]*width="256" height="256"/);
    map.remove();
  });
});

const yard = (id: number, name: string, latitude: number, longitude: number): MapYard => ({
  id,
  name,
  latitude,
  longitude,
  rating: null,
  isOpen: true,
});

// Two yards 30 m apart (a few pixels at a city's zoom) and one across town.
const NEIGHBOURS = [yard(1, "Alpha Metals", -26.2, 28.04), yard(2, "Beta Scrap", -26.2, 28.0403)];
const ACROSS_TOWN = yard(3, "Gamma Salvage", -26.1, 28.1);

/** A map box of a phone's size: jsdom lays nothing out, so Leaflet would see a box of no size. */
function mapBox(): HTMLElement {
  const element = document.createElement("div");
  Object.defineProperty(element, "clientWidth", { value: 360 });
  Object.defineProperty(element, "clientHeight", { value: 320 });
  document.body.append(element);
  return element;
}

const pinNames = () =>
  [...document.querySelectorAll(".leaflet-marker-icon:not(.yard-cluster)")].map((p) => p.getAttribute("title"));

describe("yard map pins that would overlap", () => {
  let map: L.Map | undefined;
  afterEach(() => {
    map?.remove();
    document.body.replaceChildren();
  });

  it("shows them as one cluster that zooms in on them when clicked, then as pins", () => {
    map = createYardMap(mapBox(), { yards: [...NEIGHBOURS, ACROSS_TOWN], center: [-26.2, 28.04], zoom: 12 });
    const cluster = screen.getByRole("button", { name: "2 scrap yards here: zoom in" });
    expect(cluster).toHaveTextContent("2");
    expect(cluster).toHaveClass("yard-cluster");
    expect(pinNames()).toEqual(["Gamma Salvage"]);
    const before = map.getZoom();
    fireEvent.click(cluster);
    expect(map.getZoom()).toBeGreaterThan(before);
    expect(map.getBounds().contains([-26.2, 28.04])).toBe(true);
    expect(map.getBounds().contains([-26.2, 28.0403])).toBe(true);
    expect(document.querySelector(".yard-cluster")).toBeNull();
    expect(pinNames()).toEqual(expect.arrayContaining(["Alpha Metals", "Beta Scrap"]));
    // Zooming back out groups them again, and the lone yard keeps its popup.
    map.setZoom(before);
    expect(screen.getAllByRole("button", { name: "2 scrap yards here: zoom in" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Gamma Salvage" }));
    expect(document.querySelector(".leaflet-popup")).toHaveTextContent("Gamma Salvage");
  });

  it("zooms in on Enter and takes keyboard focus to the cluster's first yard", () => {
    map = createYardMap(mapBox(), { yards: [...NEIGHBOURS, ACROSS_TOWN], center: [-26.2, 28.04], zoom: 12 });
    const cluster = screen.getByRole("button", { name: "2 scrap yards here: zoom in" });
    cluster.focus();
    fireEvent.keyDown(cluster, { key: "Enter" });
    expect(screen.getByRole("button", { name: "Alpha Metals" })).toHaveFocus();
  });

  it("lists yards that no zoom takes apart, the popup closing on Escape back to the cluster", async () => {
    const onOpenYard = vi.fn<(id: number) => void>();
    const sameAddress = [yard(1, "Alpha Metals", -26.2, 28.04), yard(2, "Beta Scrap", -26.2, 28.04)];
    map = createYardMap(mapBox(), { yards: sameAddress, center: [-26.2, 28.04], zoom: 12, onOpenYard });
    map.setZoom(map.getMaxZoom());
    const cluster = screen.getByRole("button", { name: "2 scrap yards here: list them" });
    cluster.focus();
    fireEvent.click(cluster);
    const popup = document.querySelector(".leaflet-popup") as HTMLElement;
    const list = within(popup).getByRole("list", { name: "2 scrap yards here" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("strong")?.textContent),
    ).toEqual(["Alpha Metals", "Beta Scrap"]);
    fireEvent.click(within(list).getAllByRole("link", { name: "View Details" })[1] as HTMLElement);
    expect(onOpenYard).toHaveBeenCalledWith(2);
    within(list).getAllByRole("link")[0]?.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(document.querySelector(".leaflet-popup")).toBeNull());
    expect(cluster).toHaveFocus();
  });

  it("keeps a map without yards, or with one, free of clusters", () => {
    map = createYardMap(mapBox(), { yards: [ACROSS_TOWN], center: [-26.2, 28.04], zoom: 12 });
    expect(pinNames()).toEqual(["Gamma Salvage"]);
    expect(document.querySelector(".yard-cluster")).toBeNull();
  });
});
