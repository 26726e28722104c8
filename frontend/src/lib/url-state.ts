import { useCallback } from "react";
import { useSearchParams } from "react-router";

// A page's filters in its URL, so a filtered page can be shared and the back button returns to it.

type Value = string | number;

/** The value when it is one of the options, else the fallback. */
export function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** The URL's parameters with ``changes`` written in; defaults and empty values are left out. */
export function withChanges<S extends Record<string, Value>>(
  current: URLSearchParams,
  changes: Partial<S>,
  defaults: S,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes) as [keyof S & string, Value][]) {
    if (value === defaults[key] || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

type Options = { replace?: boolean };

/** The state ``read`` finds in the URL, and a way to change it (a new history entry unless replace). */
export function useUrlState<S extends Record<string, Value>>(read: (params: URLSearchParams) => S, defaults: S) {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<S>, { replace = false }: Options = {}) =>
      setParams((current) => withChanges(current, changes, defaults), { replace, preventScrollReset: true }),
    [setParams, defaults],
  );
  return { state: read(params), update };
}
