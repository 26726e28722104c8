import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api/client";
import { readInitialData, seedQueryCache } from "./initial-data";

function block(text: string): HTMLElement {
  const element = document.createElement("script");
  element.type = "application/json";
  element.textContent = text;
  return element;
}

describe("initial data", () => {
  it("reads the embedded block, and nothing when it is missing or broken", () => {
    const text = JSON.stringify({ data: [[["/api/cities"], [{ id: 1 }]]], errors: [] });
    expect(readInitialData(block(text)).data).toEqual([[["/api/cities"], [{ id: 1 }]]]);
    expect(readInitialData(null)).toEqual({ data: [], errors: [] });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(readInitialData(block("{not json"))).toEqual({ data: [], errors: [] });
    log.mockRestore();
  });

  it("puts answers in the cache under their keys, parameters included", () => {
    const client = new QueryClient();
    seedQueryCache(client, {
      data: [[["/api/cities/durban/scrap-yards", { limit: 3 }], { data: [] }]],
      errors: [],
    });
    expect(client.getQueryData(["/api/cities/durban/scrap-yards", { limit: 3 }])).toEqual({ data: [] });
  });

  it("stores a not-found answer as an error that mounting does not fetch again", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    seedQueryCache(client, { data: [], errors: [[["/api/cities/atlantis"], 404, '{"message":"City not found"}']] });
    const queryFn = vi.fn();
    const observer = new QueryObserver(client, { queryKey: ["/api/cities/atlantis"], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    const result = observer.getCurrentResult();
    expect(result.error).toBeInstanceOf(ApiError);
    expect((result.error as ApiError).isNotFound).toBe(true);
    expect(queryFn).not.toHaveBeenCalled();
    unsubscribe();
  });
});
