import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { unwrap } from "@/api/client";
import type { paths } from "@/api/schema";
import type { LicenceStatus } from "../licences/licence-actions";
import { CONSOLE_KEY, type ConsoleApi, useConsoleApi } from "./session";
import type { ClaimStatus, PageQuery, ReviewStatus, SuggestionStatus } from "./types";

export const PAGE_SIZE = 25;
export const SUBSCRIBERS_CSV = "/api/admin/newsletter-subscribers.csv" satisfies keyof paths;

type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * A console list or record, keyed by its API path (and query); every screen visit asks again
 * (queues move while you look). `request` gets the path back with its literal type, so the call
 * is checked against the schema with the same path the key names.
 */
function consoleQuery<Path extends keyof paths, T>(
  path: Path,
  query: object | null,
  request: (path: Path) => Answer<T>,
) {
  return queryOptions({
    queryKey: query ? [...CONSOLE_KEY, path, query] : [...CONSOLE_KEY, path],
    queryFn: () => unwrap(request(path)),
    staleTime: 0,
  });
}

function consoleQueries(api: ConsoleApi) {
  return {
    summary: () => consoleQuery("/api/admin/summary", null, (path) => api.GET(path)),
    priceReports: (query: PageQuery & { status: ReviewStatus }) =>
      consoleQuery("/api/admin/price-reports", query, (path) => api.GET(path, { params: { query } })),
    yardSuggestions: (query: PageQuery & { status: SuggestionStatus }) =>
      consoleQuery("/api/admin/yard-suggestions", query, (path) => api.GET(path, { params: { query } })),
    contactMessages: (query: PageQuery & { handled: boolean }) =>
      consoleQuery("/api/admin/contact-messages", query, (path) => api.GET(path, { params: { query } })),
    // An empty search is no search: left out of the URL.
    subscribers: (query: PageQuery & { q: string }) =>
      consoleQuery("/api/admin/newsletter-subscribers", query, (path) =>
        api.GET(path, { params: { query: { ...query, q: query.q || undefined } } }),
      ),
    importRuns: (query: PageQuery) =>
      consoleQuery("/api/admin/import-runs", query, (path) => api.GET(path, { params: { query } })),
    importRun: (id: number) =>
      consoleQuery("/api/admin/import-runs/{run_id}", { id }, (path) =>
        api.GET(path, { params: { path: { run_id: id } } }),
      ),
    dataCheck: () => consoleQuery("/api/admin/data-check", null, (path) => api.GET(path)),
    auditLog: (query: PageQuery) =>
      consoleQuery("/api/admin/audit-log", query, (path) => api.GET(path, { params: { query } })),
    users: () => consoleQuery("/api/admin/users", null, (path) => api.GET(path)),
    yardClaims: (query: PageQuery & { status: ClaimStatus }) =>
      consoleQuery("/api/admin/yard-owners/claims", query, (path) => api.GET(path, { params: { query } })),
    yardOwners: (query: PageQuery) =>
      consoleQuery("/api/admin/yard-owners", query, (path) => api.GET(path, { params: { query } })),
    yardLicences: (query: PageQuery & { status: LicenceStatus }) =>
      consoleQuery("/api/admin/yard-licences", query, (path) => api.GET(path, { params: { query } })),
    // A yard's owner's own screens.
    myYards: () => consoleQuery("/api/owner/yards", null, (path) => api.GET(path)),
    myYard: (id: number) =>
      consoleQuery("/api/owner/yards/{yard_id}", { id }, (path) =>
        api.GET(path, { params: { path: { yard_id: id } } }),
      ),
  };
}

/** The console's query-options factory, bound to this session's calls. */
export function useConsoleQueries() {
  const api = useConsoleApi();
  return useMemo(() => consoleQueries(api), [api]);
}

/** A state change: on success every console list is asked again (counts and queues move). */
export function useConsoleAction<Args, Result>(perform: (api: ConsoleApi, args: Args) => Promise<Result>) {
  const api = useConsoleApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => perform(api, args),
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}
