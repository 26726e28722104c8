import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { ApiError } from "@/api/client";

// The server embeds the API answers a page's first render needs (web/pages.py), under the same
// query keys the pages use, so the first paint needs no round trip. A not-found answer is stored
// as the query's error, so the page shows its not-found screen without asking the API again.

type InitialData = {
  data: [QueryKey, unknown][];
  errors: [QueryKey, number, string][];
};

export function readInitialData(element: HTMLElement | null = document.getElementById("initial-data")): InitialData {
  if (!element?.textContent) return { data: [], errors: [] };
  try {
    const parsed = JSON.parse(element.textContent) as Partial<InitialData>;
    return { data: parsed.data ?? [], errors: parsed.errors ?? [] };
  } catch (error) {
    console.error("Embedded page data could not be read", error);
    return { data: [], errors: [] };
  }
}

export function seedQueryCache(client: QueryClient, initial: InitialData): void {
  for (const [key, value] of initial.data) client.setQueryData(key, value);
  for (const [key, status, body] of initial.errors) {
    const query = client.getQueryCache().build(client, { queryKey: key });
    query.setState({
      status: "error",
      fetchStatus: "idle",
      error: new ApiError(status, `${status}: ${body}`),
      errorUpdatedAt: Date.now(),
    });
    // Without this, mounting the page would fetch the errored query once more.
    client.setQueryDefaults(key, { retryOnMount: false });
  }
}
