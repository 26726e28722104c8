import { afterAll, afterEach, type MockInstance, vi } from "vitest";

/**
 * Answers the app's requests at the network boundary (global fetch), for tests of loading,
 * error and retry states. Everything above fetch — the API client, TanStack Query, the
 * components — runs for real.
 */
export function spyOnFetch(): MockInstance<typeof fetch> {
  const spy = vi.spyOn(globalThis, "fetch");
  afterEach(() => spy.mockReset()); // back to the real fetch between tests
  afterAll(() => spy.mockRestore());
  return spy;
}

export const never = (): Promise<Response> => new Promise(() => undefined);

export const answerJson =
  (body: unknown, status = 200) =>
  async (): Promise<Response> =>
    Response.json(body, { status });
