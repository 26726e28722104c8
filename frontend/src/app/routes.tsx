import { lazy, Suspense } from "react";
import { matchRoutes, Navigate, type RouteObject, useParams } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { countryPath } from "@/lib/paths";
import table from "../../../content/routes.json";

/** SPEC §2: country-only paths land on the country's main city (content/routes.json). */
const COUNTRY_HOME_CITY: Record<string, string> = table.countryHomes;

/** What a page may be given by the router: the page to hand over to (the city's region). */
type PageProps = { regionPage?: React.ComponentType };
type PageModule = { Component: React.ComponentType<PageProps> };

/**
 * The page modules named in content/routes.json (the route table the server reads too). Vite
 * needs each import spelled out to split it into its own chunk; a test checks this map and the
 * table name the same modules.
 */
export const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  "src/pages/home/index.tsx": () => import("@/pages/home"),
  "src/pages/cities/index.tsx": () => import("@/pages/cities"),
  "src/pages/materials/index.tsx": () => import("@/pages/materials"),
  "src/pages/material/index.tsx": () => import("@/pages/material"),
  "src/pages/static/about.tsx": () => import("@/pages/static/about"),
  "src/pages/static/contact.tsx": () => import("@/pages/static/contact"),
  "src/pages/static/privacy-policy.tsx": () => import("@/pages/static/privacy-policy"),
  "src/pages/static/terms-of-service.tsx": () => import("@/pages/static/terms-of-service"),
  "src/pages/static/content-disclaimer.tsx": () => import("@/pages/static/content-disclaimer"),
  "src/pages/blog/index.tsx": () => import("@/pages/blog"),
  "src/pages/blog-post/index.tsx": () => import("@/pages/blog-post"),
  "src/pages/directory/index.tsx": () => import("@/pages/directory"),
  "src/pages/city-yards-redirect/index.tsx": () => import("@/pages/city-yards-redirect"),
  "src/pages/yard/index.tsx": () => import("@/pages/yard"),
  "src/pages/insights/index.tsx": () => import("@/pages/insights"),
  "src/pages/calculator/index.tsx": () => import("@/pages/calculator"),
  "src/pages/city/index.tsx": () => import("@/pages/city"),
  "src/pages/region/index.tsx": () => import("@/pages/region"),
  "src/pages/city-yards/index.tsx": () => import("@/pages/city-yards"),
  "src/pages/admin/index.tsx": () => import("@/pages/admin"),
  "src/pages/not-found/index.tsx": () => import("@/pages/not-found"),
};

/**
 * A page as a lazily loaded component, for rendering inside another element; downloaded as a
 * route's page is, so a failed download is tried again after Try again.
 */
function lazyPage(load: () => Promise<PageModule>): React.ComponentType<PageProps> {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when this module loads, never in a render
  return function LazyPage(props: PageProps) {
    return <RoutePage load={load} {...props} />;
  };
}

const NotFoundPage = lazyPage(pageLoader("src/pages/not-found/index.tsx", "notFound"));

/** A one-segment path is a country (sent on to its main city) or simply not found. */
function CountryOrNotFound() {
  const { countryCode = "" } = useParams();
  const city = COUNTRY_HOME_CITY[countryCode.toLowerCase()];
  if (city) return <Navigate replace to={countryPath(countryCode, city)} />;
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

const ELEMENTS: Record<string, React.ReactElement> = { countryOrNotFound: <CountryOrNotFound /> };

type TableRoute = (typeof table.routes)[number] & {
  module?: string;
  redirect?: string;
  element?: string;
  region?: { module: string };
};

function pageLoader(module: string | undefined, name: string): () => Promise<PageModule> {
  const load = module ? PAGE_MODULES[module] : undefined;
  if (!load) throw new Error(`content/routes.json: no page module for ${name}`);
  return load;
}

/**
 * Each page module's download, made once. A page whose module has arrived renders at once (so a
 * page preloaded by loadRoutePages never suspends, and the server's HTML stays until it is
 * replaced); one still on its way suspends as a lazy component, which a navigation (a
 * transition) waits for with the old page on screen. A failed download throws to the layout's
 * PageErrorBoundary, and stays failed (rendering it again must not download it again, or a
 * render retried by React would start one download after another) until the boundary's Try
 * again or a new page forgets it (forgetFailedDownloads).
 */
type PageDownload = {
  promise: Promise<PageModule>;
  module?: PageModule;
  failed?: boolean;
  lazy: React.ComponentType<PageProps>;
};
const downloads = new Map<() => Promise<PageModule>, PageDownload>();

function download(load: () => Promise<PageModule>): PageDownload {
  let entry = downloads.get(load);
  if (!entry) {
    const promise = load();
    const started: PageDownload = {
      promise,
      lazy: lazy(() => promise.then((page) => ({ default: page.Component }))),
    };
    promise.then(
      (module) => {
        started.module = module;
      },
      () => {
        started.failed = true;
      },
    );
    downloads.set(load, started);
    entry = started;
  }
  return entry;
}

/** Lets every failed page download be tried again on its next render. */
export function forgetFailedDownloads(): void {
  for (const [load, entry] of downloads) if (entry.failed) downloads.delete(load);
}

/** What a route of the table shows: its page module. */
type RouteHandle = { load: () => Promise<PageModule> };

function RoutePage({ load, regionPage }: RouteHandle & PageProps) {
  const entry = download(load);
  const Page = entry.module?.Component ?? entry.lazy;
  return <Page regionPage={regionPage} />;
}

function routeObject(route: TableRoute): RouteObject {
  const where = route.path === "/" ? { index: true as const } : { path: route.path.replace(/^\//, "") };
  if (route.redirect) return { ...where, element: <Navigate replace to={route.redirect} /> } as RouteObject;
  if (route.element) return { ...where, element: ELEMENTS[route.element] } as RouteObject;
  const load = pageLoader(route.module, route.name);
  const regionPage = route.region ? lazyPage(pageLoader(route.region.module, "region")) : undefined;
  const handle: RouteHandle = { load };
  return { ...where, handle, element: <RoutePage load={load} regionPage={regionPage} /> } as RouteObject;
}

export const routes: RouteObject[] = [
  { element: <AppLayout onPageRetry={forgetFailedDownloads} />, children: table.routes.map(routeObject) },
];

/**
 * Downloads the page modules of the routes that match a path, so the first render shows the
 * page at once and the server's fallback content stays on screen until then.
 */
export async function loadRoutePages(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const loads = matches.map((match) => (match.route.handle as RouteHandle | undefined)?.load);
  await Promise.all(loads.filter((load) => load !== undefined).map((load) => download(load).promise));
}
