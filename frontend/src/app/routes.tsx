import { lazy, Suspense } from "react";
import { Navigate, type RouteObject, useParams } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";

/** SPEC §2: country-only paths land on the country's main city. */
export const COUNTRY_HOME_CITY: Record<string, string> = {
  za: "cape-town",
  au: "sydney",
  gb: "london",
  ca: "toronto",
  nz: "auckland",
  es: "madrid",
};

const NotFoundPage = lazy(() => import("@/pages/not-found").then((module) => ({ default: module.Component })));

/** A one-segment path is a country (sent on to its main city) or simply not found. */
function CountryOrNotFound() {
  const { countryCode = "" } = useParams();
  const city = COUNTRY_HOME_CITY[countryCode.toLowerCase()];
  if (city) return <Navigate replace to={`/${countryCode.toLowerCase()}/${city}`} />;
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...page(() => import("@/pages/home")) },
      { path: "cities", ...page(() => import("@/pages/cities")) },
      { path: "scrap-metal-prices", ...page(() => import("@/pages/materials")) },
      { path: "materials", element: <Navigate replace to="/scrap-metal-prices" /> },
      { path: "material/:materialSlug", ...page(() => import("@/pages/material")) },
      { path: "about", ...page(() => import("@/pages/static/about")) },
      { path: "contact", ...page(() => import("@/pages/static/contact")) },
      { path: "privacy-policy", ...page(() => import("@/pages/static/privacy-policy")) },
      { path: "terms-of-service", ...page(() => import("@/pages/static/terms-of-service")) },
      { path: "content-disclaimer", ...page(() => import("@/pages/static/content-disclaimer")) },
      { path: "blog", ...page(() => import("@/pages/blog")) },
      { path: "blog/:slug", ...page(() => import("@/pages/blog-post")) },
      { path: "scrap-yards", ...page(() => import("@/pages/directory")) },
      { path: "scrap-yards/:citySlug", ...page(() => import("@/pages/city-yards-redirect")) },
      { path: "scrap-yard/:yardId", ...page(() => import("@/pages/yard")) },
      { path: "insights", ...page(() => import("@/pages/insights")) },
      { path: ":countryCode", element: <CountryOrNotFound /> },
      // A city, or else a region (state, province) of that country: see the city page.
      { path: ":countryCode/:citySlug", ...page(() => import("@/pages/city")) },
      { path: ":countryCode/:citySlug/scrap-yards", ...page(() => import("@/pages/city-yards")) },
      { path: "*", ...page(() => import("@/pages/not-found")) },
    ],
  },
];
