import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { useAnnounce } from "@/components/feedback/announcer";
import { trackPageView } from "@/lib/analytics";
import { DemoNotice } from "./demo-notice";
import { Footer } from "./footer";
import { Header } from "./header";
import { OfflineNotice } from "./offline-notice";
import { PageErrorBoundary } from "./page-error-boundary";

function useRouteChangeEffects() {
  const { pathname } = useLocation();
  const announce = useAnnounce();
  const firstRender = useRef(true);
  useEffect(() => {
    trackPageView(pathname);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById("main-content")?.focus({ preventScroll: true });
    announce("New page content loaded");
  }, [pathname, announce]);
}

function useHighContrastPreference() {
  useEffect(() => {
    const query = window.matchMedia?.("(prefers-contrast: more)");
    if (!query) return;
    const apply = () => document.documentElement.classList.toggle("high-contrast", query.matches);
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);
}

/** The operator console (/admin) has its own header and navigation: no public chrome. */
const CONSOLE_PATH = /^\/admin(\/|$)/;

/** `onPageRetry`: what "Try again" on a page that failed to load forgets first (its download). */
export function AppLayout({ onPageRetry = () => undefined }: { onPageRetry?: () => void }) {
  useRouteChangeEffects();
  useHighContrastPreference();
  const { pathname } = useLocation();
  const inConsole = CONSOLE_PATH.test(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {!inConsole && <Header />}
      <OfflineNotice />
      {!inConsole && <DemoNotice />}
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:py-8">
        {/* A page downloads on its first visit; a navigation (a transition) keeps the old page
            on screen meanwhile, so this fallback shows only if a page is rendered without one. */}
        <PageErrorBoundary location={pathname} onRetry={onPageRetry}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {!inConsole && <Footer />}
    </div>
  );
}
