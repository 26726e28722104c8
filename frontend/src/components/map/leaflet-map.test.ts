import { readFileSync } from "node:fs";
import { join } from "node:path";
import L from "leaflet";
import { describe, expect, it } from "vitest";
import { createYardMap, TILE_UNAVAILABLE_URL, TILE_URL } from "./leaflet-map";

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
