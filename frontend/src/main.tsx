import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { readInitialData, seedQueryCache } from "@/app/initial-data";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { routes } from "@/app/routes";
import "./index.css";

const queryClient = createQueryClient();
seedQueryCache(queryClient, readInitialData());
const router = createBrowserRouter(routes);
const root = document.getElementById("root");

/** The route's lazy page loads first, so the server's fallback content stays until it can be replaced. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

if (root) {
  await routerReady();
  // The server's fallback HTML is already on screen: render the app as a transition, which React
  // does in short slices, so the phone stays responsive while the page is replaced.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

// SPEC §7: a service worker from /sw.js, registered on page load (production builds only). The
// route's page may have loaded after the load event (see routerReady), hence the readyState check.
function registerServiceWorker(): void {
  navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
    console.error("Service worker registration failed", error);
  });
}

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker);
}
