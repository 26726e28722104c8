import { QueryClient } from "@tanstack/react-query";

// SPEC §7: no automatic retry, no polling, no refetch on focus, data never stale.
// "offlineFirst": a request is made even while the browser says it is offline (the service worker
// may answer it from a saved copy) and fails like any other when nothing answers. The default
// ("online") would hold it, pending, until the browser is back online: a page dimmed for ever.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        networkMode: "offlineFirst",
      },
      mutations: { retry: false, networkMode: "offlineFirst" },
    },
  });
}
