import { useEffect, useState } from "react";

/** How far below the screen an element counts as near: about one phone screen. */
const NEAR = "600px";

/**
 * Whether the element given to the returned ref has come near the viewport or the browser has
 * been idle, whichever is first: for work (a chart library, say) that should wait until the
 * page is interactive. Where the browser offers neither signal (old browsers, jsdom), it is
 * true at once.
 */
export function useNearViewportOrIdle(): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [ready, setReady] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    if (ready || !element) return;
    const start = () => setReady(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: NEAR,
    });
    observer.observe(element);
    const idle = "requestIdleCallback" in window ? window.requestIdleCallback(start, { timeout: 10_000 }) : null;
    return () => {
      observer.disconnect();
      if (idle !== null) window.cancelIdleCallback(idle);
    };
  }, [element, ready]);

  return [setElement, ready];
}
