import { useEffect, useState } from "react";

/** How far below the screen an element counts as near: about one phone screen. */
const NEAR = "600px";

/**
 * Whether the element given to the returned ref has come near the viewport: for work a reader
 * may never scroll to (a map below a long table, on a phone), so that it costs nothing until
 * then. Where the browser has no IntersectionObserver (old browsers, jsdom), it is true at once.
 */
export function useNearViewport(): [(element: Element | null) => void, boolean] {
  return useNear(false);
}

/**
 * Whether the element has come near the viewport or the browser has been idle, whichever is
 * first: for work (a chart library, say) that should wait until the page is interactive but be
 * ready before the reader gets there.
 */
export function useNearViewportOrIdle(): [(element: Element | null) => void, boolean] {
  return useNear(true);
}

function useNear(orIdle: boolean): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [ready, setReady] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    if (ready || !element) return;
    const start = () => setReady(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: NEAR,
    });
    observer.observe(element);
    const idle =
      orIdle && "requestIdleCallback" in window ? window.requestIdleCallback(start, { timeout: 10_000 }) : null;
    return () => {
      observer.disconnect();
      if (idle !== null) window.cancelIdleCallback(idle);
    };
  }, [element, ready, orIdle]);

  return [setElement, ready];
}
