import { describe, expect, it } from "vitest";
import { env } from "./env";
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL, readEnv } from "./read-env";

// Every module but env.ts, as text (the tests, which may say "import.meta.env" in prose, aside).
const sources = import.meta.glob<string>(["../**/*.ts", "../**/*.tsx", "!../**/*.test.*", "!./env.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("the front end's settings", () => {
  it("has a default for every setting, and empty counts as unset", () => {
    expect(readEnv({ VITE_SITE_ROOT: " ", VITE_ADS_CLIENT: "" })).toEqual({
      analyticsUrl: undefined,
      siteRoot: undefined,
      adsClient: undefined,
      contactEmail: undefined,
      mapTileUrl: DEFAULT_TILE_URL,
      mapAttribution: DEFAULT_ATTRIBUTION,
      isProduction: false,
      isDevOrTest: false,
    });
    expect(DEFAULT_TILE_URL).toBe("/tiles/{z}/{x}/{y}.png");
  });

  it("takes good values, a site root as its origin", () => {
    const read = readEnv({
      VITE_ANALYTICS_URL: "/collect",
      VITE_SITE_ROOT: "https://scrapindex.example/",
      VITE_ADS_CLIENT: "ca-pub-123",
      VITE_CONTACT_EMAIL: " hello@scrapindex.example ",
      VITE_MAP_TILE_URL: "https://{s}.tiles.example/{z}/{x}/{y}.png",
      VITE_MAP_ATTRIBUTION: "&copy; Example Tiles",
      PROD: true,
    });
    expect(read).toMatchObject({
      analyticsUrl: "/collect",
      siteRoot: "https://scrapindex.example",
      adsClient: "ca-pub-123",
      contactEmail: "hello@scrapindex.example",
      mapTileUrl: "https://{s}.tiles.example/{z}/{x}/{y}.png",
      mapAttribution: "&copy; Example Tiles",
      isProduction: true,
    });
    expect(readEnv({ VITE_ANALYTICS_URL: "https://stats.example/e" }).analyticsUrl).toBe("https://stats.example/e");
    expect(readEnv({ MODE: "test" }).isDevOrTest).toBe(true);
    expect(readEnv({ DEV: true }).isDevOrTest).toBe(true);
  });

  it("refuses wrong values loudly, naming every one", () => {
    const wrong = () =>
      readEnv({
        VITE_ANALYTICS_URL: "//stats.example/e",
        VITE_SITE_ROOT: "https://scrapindex.example/app",
        VITE_ADS_CLIENT: "<script>",
        VITE_CONTACT_EMAIL: "hello",
        VITE_MAP_TILE_URL: "ftp://tiles.example/{z}/{x}/{y}.png",
      });
    expect(wrong).toThrow(
      [
        "Invalid front-end settings:",
        '  VITE_ANALYTICS_URL="//stats.example/e" must be an http(s) URL or a path starting with /',
        '  VITE_SITE_ROOT="https://scrapindex.example/app" must be an origin only, without a path',
        '  VITE_ADS_CLIENT="<script>" must be a client id (letters, digits, - and _)',
        '  VITE_CONTACT_EMAIL="hello" must be an e-mail address',
        '  VITE_MAP_TILE_URL="ftp://tiles.example/{z}/{x}/{y}.png" must be an http(s) URL or a path starting with /',
      ].join("\n"),
    );
    expect(() => readEnv({ VITE_SITE_ROOT: "scrapindex.example" })).toThrow("must be an http(s) origin");
    expect(() => readEnv({ VITE_MAP_TILE_URL: "/tiles/{x}/{y}.png" })).toThrow("must contain {z}");
  });

  it("is what the app reads: the tests' build settings", () => {
    expect(env.adsClient).toBe("ca-test");
    expect(env.isDevOrTest).toBe(true);
    expect(env.isProduction).toBe(false);
  });

  it("is read nowhere else: no module reads import.meta.env itself", () => {
    expect(Object.keys(sources)).toContain("../main.tsx");
    const readers = Object.entries(sources).filter(([, text]) => /import\.meta\.env\b/.test(text));
    expect(readers.map(([file]) => file)).toEqual([]);
  });
});
