import { useSyncExternalStore } from "react";

/** Tailwind's `sm:` breakpoint: what its `sm:` classes show or hide. */
export const SM_UP = "(min-width: 640px)";

/**
 * Whether a media query matches, following changes (a phone turned, a window resized); undefined
 * where the browser cannot tell (no matchMedia), so the caller renders every variant and leaves
 * the choice to its CSS classes.
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches,
  );
}
