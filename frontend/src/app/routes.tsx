import { lazy, Suspense } from "react";
import { Navigate, type RouteObject, useParams } from "react-router";
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
  "src/pages/city/index.tsx": () => import("@/pages/city"),
  "src/pages/region/index.tsx": () => import("@/pages/region"),
  "src/pages/city-yards/index.tsx": () => import("@/pages/city-yards"),
  "src/pages/admin/index.tsx": () => import("@/pages/admin"),
  "src/pages/not-found/index.tsx": () => import("@/pages/not-found"),
};

/** A page as a lazily loaded component, for rendering inside another element. */
function lazyPage(load: () => Promise<PageModule>) {
  return lazy(() => load().then((page) => ({ default: page.Component })));
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

/** The route's page, given the page it hands over to when the table names one. */
function withHandover(
  load: () => Promise<PageModule>,
  region?: { module: string },
): () => Promise<PageModule | { element: React.ReactElement }> {
  if (!region) return load;
  const RegionPage = lazyPage(pageLoader(region.module, "region"));
  return async () => {
    const { Component: Page } = await load();
    return { element: <Page regionPage={RegionPage} /> };
  };
}

function routeObject(route: TableRoute): RouteObject {
  const where = route.path === "/" ? { index: true as const } : { path: route.path.replace(/^\//, "") };
  if (route.redirect) return { ...where, element: <Navigate replace to={route.redirect} /> } as RouteObject;
  if (route.element) return { ...where, element: ELEMENTS[route.element] } as RouteObject;
  return { ...where, lazy: withHandover(pageLoader(route.module, route.name), route.region) } as RouteObject;
}

export const routes: RouteObject[] = [{ element: <AppLayout />, children: table.routes.map(routeObject) }];
