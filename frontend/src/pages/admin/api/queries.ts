import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { CONSOLE_KEY, type ConsoleApi, useConsoleApi } from "./session";
import type {
  AdminPriceReport,
  AdminYardSuggestion,
  AuditEntry,
  ConsoleUser,
  ContactMessage,
  DataCheck,
  ImportRun,
  ImportRunDetail,
  Page,
  PageQuery,
  ReviewStatus,
  Subscriber,
  Summary,
} from "./types";

export const PAGE_SIZE = 25;
export const SUBSCRIBERS_CSV = "/api/admin/newsletter-subscribers.csv";

/** A console list or record; every screen visit asks again (queues move while you look). */
function consoleQuery<T>(api: ConsoleApi, path: string, query?: Record<string, string | number | boolean>) {
  return queryOptions({
    queryKey: query ? [...CONSOLE_KEY, path, query] : [...CONSOLE_KEY, path],
    queryFn: () => api.get<T>(path, query),
    staleTime: 0,
  });
}

function consoleQueries(api: ConsoleApi) {
  return {
    summary: () => consoleQuery<Summary>(api, "/api/admin/summary"),
    priceReports: (query: PageQuery & { status: ReviewStatus }) =>
      consoleQuery<Page<AdminPriceReport>>(api, "/api/admin/price-reports", query),
    yardSuggestions: (query: PageQuery & { status: ReviewStatus }) =>
      consoleQuery<Page<AdminYardSuggestion>>(api, "/api/admin/yard-suggestions", query),
    contactMessages: (query: PageQuery & { handled: boolean }) =>
      consoleQuery<Page<ContactMessage>>(api, "/api/admin/contact-messages", query),
    subscribers: (query: PageQuery & { q: string }) =>
      consoleQuery<Page<Subscriber>>(api, "/api/admin/newsletter-subscribers", query),
    importRuns: (query: PageQuery) => consoleQuery<Page<ImportRun>>(api, "/api/admin/import-runs", query),
    importRun: (id: string) => consoleQuery<ImportRunDetail>(api, `/api/admin/import-runs/${id}`),
    dataCheck: () => consoleQuery<DataCheck>(api, "/api/admin/data-check"),
    auditLog: (query: PageQuery) => consoleQuery<Page<AuditEntry>>(api, "/api/admin/audit-log", query),
    users: () => consoleQuery<ConsoleUser[]>(api, "/api/admin/users"),
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
