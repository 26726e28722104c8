import type { UseQueryResult } from "@tanstack/react-query";
import { AlertTriangle, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "@/api/client";
import { Button, ButtonLink } from "./button";

/**
 * A request that reached nothing (the browser's fetch or a page's code download failing): a
 * TypeError whose message names the network, worded differently by each browser.
 */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|networkerror|load failed|network connection|dynamically imported module|importing a module/i.test(
      error.message,
    )
  );
}

/** What went wrong, in words for a person: the API's message, or that the site could not be reached. */
export function failureMessage(error: unknown, online = globalThis.navigator?.onLine ?? true): string {
  if (!isNetworkFailure(error)) return errorMessage(error);
  return online
    ? "ScrapIndex could not be reached. Check your connection and try again."
    : "You're offline. Connect to the internet and try again.";
}

/** A failed request, shown with what went wrong and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = "Something went wrong",
  headingLevel = 2,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** 1 when the message stands for the whole page. */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div role="alert" className="mx-auto my-8 max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <AlertTriangle aria-hidden="true" className="mx-auto mb-3 h-8 w-8 text-red-600" />
      <Heading className="text-lg font-semibold text-red-900">{title}</Heading>
      <p className="mt-1 text-sm text-red-800">{failureMessage(error)}</p>
      <Button className="mt-4" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function NotFoundState({
  title,
  message,
  linkTo,
  linkLabel,
}: {
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <div className="mx-auto my-12 max-w-lg text-center">
      <SearchX aria-hidden="true" className="mx-auto mb-4 h-12 w-12 text-slate-400" />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <ButtonLink to={linkTo} className="mt-6">
        {linkLabel}
      </ButtonLink>
    </div>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
    </div>
  );
}

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** Shown while the first answer is on its way (a skeleton). */
  loading: ReactNode;
  /** Whether an answer has nothing to show, and what to show then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** The chain every section of a page goes through: loading, failed (with a retry), empty, shown. */
export function QueryState<T>({ query, loading, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
