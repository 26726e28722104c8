import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useRoutes } from "react-router";
import { api } from "@/api/client";
import { readInitialData, seedQueryCache } from "@/app/initial-data";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { loadRoutePages, routes } from "@/app/routes";
import { siteConnection, watchApi } from "@/components/layout/connection";
import { env } from "@/config/env";
import "./index.css";

const queryClient = createQueryClient();
seedQueryCache(queryClient, readInitialData());
const root = document.getElementById("root");
// The offline notice hears of every API answer that was a saved copy and every request that failed.
watchApi(api, siteConnection);

/** Declarative routing: the app loads no data through the router, so it needs no data router. */
function AppRoutes() {
  return useRoutes(routes);
}

if (root) {
  // The route's lazy page loads first, so the server's fallback content stays until it can be
  // replaced. If it cannot be downloaded the app starts all the same: the page's place then says
  // so, with Try again (PageErrorBoundary), instead of the fallback's links that go nowhere.
  await loadRoutePages(window.location.pathname).catch((error: unknown) => {
    console.error("The page's code could not be downloaded", error);
  });
  // The server's fallback HTML is already on screen: render the app as a transition, which React
  // does in short slices, so the phone stays responsive while the page is replaced.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
}

// SPEC §7: a service worker from /sw.js, registered on page load (production builds only). The
// route's page may have loaded after the load event (see loadRoutePages), hence the readyState check.
function registerServiceWorker(): void {
  navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
    console.error("Service worker registration failed", error);
  });
}

if (env.isProduction && "serviceWorker" in navigator) {
  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker);
}
