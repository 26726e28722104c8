import { QueryClient } from "@tanstack/react-query";

// SPEC §7: no automatic retry, no polling, no refetch on focus, data never stale.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}
