import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOP_YARDS } from "./top-yards";

// The browser's copy of content/routes.json leaves the server's first-render calls out (vite.config.ts),
// so the count the page asks for is written in top-yards.tsx and held here to the call the server embeds.
type Table = { routes: { name: string; queries?: { path: string; params?: unknown }[] }[] };
const table: Table = JSON.parse(readFileSync(join(import.meta.dirname, "../../../../content/routes.json"), "utf8"));

describe("the city page's yards", () => {
  it("are the query the server embeds for the page", () => {
    const city = table.routes.find((route) => route.name === "city");
    const call = city?.queries?.find((query) => query.path === "/api/cities/{citySlug}/scrap-yards");
    expect(call?.params).toEqual({ limit: TOP_YARDS });
  });
});
