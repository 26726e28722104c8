import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, searchForWorkspaceRoot } from "vite";
import { defineConfig } from "vitest/config";
import { readEnv } from "./src/config/read-env.ts";

/**
 * The server's HTML already holds the page (fallback content and embedded data), so the app's
 * scripts must not compete with the stylesheet for a phone's bandwidth: Chrome fetches module
 * scripts and modulepreloads at High priority, which also makes Lighthouse count every one of
 * them as render-blocking. `fetchpriority="low"` lets the first paint wait for the CSS alone.
 * The server's own modulepreloads (templates/head.html) say the same.
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: "scrapindex:low-priority-scripts",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  };
}

/**
 * The VITE_* settings are checked (src/config/read-env.ts) as soon as a build, the dev server or
 * the tests start: a wrong value (a tile URL without {z}, a site root with a path…) stops them,
 * naming the variable, instead of shipping a site that quietly misbehaves.
 */
export function checkedEnv(): Plugin {
  return {
    name: "scrapindex:checked-env",
    configResolved: (config) => void readEnv(config.env),
  };
}

/** The fields of content/routes.json the router reads; the rest (comments, the queries the server embeds) is the server's. */
const ROUTE_FIELDS = ["name", "path", "module", "redirect", "element", "region"];

const ROUTE_TABLE = fileURLToPath(new URL("../content/routes.json", import.meta.url));
/** The table's searchQueries (lib/search-query.ts), a module of their own: only the pages with a list load them. */
const SEARCH_QUERIES = "virtual:search-queries";

/**
 * The route table is shared with the server (one file, one rule), but the browser needs only the
 * paths and page modules: everything else would be shipped in every first load (~0.8 KB gzip).
 * The rules that turn a page's URL into its list's query are served apart, as SEARCH_QUERIES.
 */
export function routeTableForTheBrowser(): Plugin {
  return {
    name: "scrapindex:route-table",
    enforce: "pre",
    resolveId: (id) => (id === SEARCH_QUERIES ? `\0${SEARCH_QUERIES}` : undefined),
    load(id) {
      if (id !== `\0${SEARCH_QUERIES}`) return undefined;
      this.addWatchFile(ROUTE_TABLE);
      const { _comment, ...rules } = JSON.parse(readFileSync(ROUTE_TABLE, "utf8")).searchQueries;
      return `export default ${JSON.stringify(rules)};`;
    },
    transform: {
      filter: { id: /[\\/]content[\\/]routes\.json$/ },
      handler(code) {
        const table = JSON.parse(code) as { countryHomes: unknown; routes: Record<string, unknown>[] };
        const routes = table.routes.map((route) =>
          Object.fromEntries(Object.entries(route).filter(([key]) => ROUTE_FIELDS.includes(key))),
        );
        return { code: JSON.stringify({ countryHomes: table.countryHomes, routes }), map: null };
      },
    },
  };
}

const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|openapi-fetch)[\\/]/;
const SHARED = /[\\/]frontend[\\/]src[\\/]|[\\/]content[\\/]|node_modules[\\/]lucide-react[\\/]|vite[\\/]preload-helper/;

export default defineConfig(({ mode }) => ({
  plugins: [checkedEnv(), routeTableForTheBrowser(), react(), tailwindcss(), lowPriorityScripts()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // React Router's package resolves to its development build, warnings and all; a production
      // build gets its production build (the same API).
      ...(mode === "production" ? { "react-router": REACT_ROUTER_PRODUCTION } : {}),
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // Every browser the app supports (ES2022) preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page needs (React, the router, TanStack Query, the API client) in one chunk:
        // one request and one gzip stream instead of a dozen small ones. Everything else is
        // split by route and by use, as Rolldown does by default.
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK },
            // Our own modules (and icons) that most pages use: one chunk instead of a dozen tiny
            // ones, each gzipped alone (Home -2.5 KB gzip, the other pages -3 to -4 KB). Six
            // importers: lower pulls page-only code into Home, higher leaves more tiny chunks.
            { name: "shared", test: SHARED, minShareCount: 6 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8000" },
    // content/page-meta.json (the head texts shared with the Python server) lives outside the app.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), fileURLToPath(new URL("../content", import.meta.url))] },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    // Pages are tested as a site with an ad provider would render them: slots in place.
    env: { VITE_ADS_CLIENT: "ca-test" },
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // Vitest's default leaves one core idle (cores − 1): on a 2-core machine that is one worker,
    // and the component tests wait on jsdom, not on each other (258 s → 179 s here).
    maxWorkers: availableParallelism(),
    // Typing tests (user-event, a keystroke at a time) took over the 5 s default on a loaded
    // 2-core machine; a time limit here guards against hangs, not against slowness.
    testTimeout: 20_000,
  },
}));
