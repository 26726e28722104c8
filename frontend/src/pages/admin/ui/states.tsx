import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode, Ref } from "react";
import { errorMessage } from "@/api/client";
import { EmptyState, QueryState } from "@/components/ui/page-states";

export const NOTHING_WAITING = "Nothing waiting. Well done.";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p role="status" className="py-6 text-slate-600">
      {label}
    </p>
  );
}

/** Loading, failed (with the server's message and a retry), empty, or the data. */
export function ConsoleState<T>({
  query,
  isEmpty,
  empty = NOTHING_WAITING,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryState query={query} loading={<Loading />} isEmpty={isEmpty} empty={<EmptyState title={empty} />}>
      {children}
    </QueryState>
  );
}

/** A failed state change, in the server's words ("This report was already approved."). */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {errorMessage(error)}
    </p>
  );
}

/** A screen's title; with `headingRef`, a place the screen can move focus to (not a Tab stop). */
export function ScreenHeading({
  children,
  hint,
  headingRef,
}: {
  children: ReactNode;
  hint?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <header className="mb-4 space-y-1">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {children}
      </h1>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
    </header>
  );
}
