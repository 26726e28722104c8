import { ApiError } from "@/api/client";

/** The header every state-changing call carries (the token comes from GET /api/auth/me). */
export const CSRF_HEADER = "X-CSRF-Token";

export type Query = Record<string, string | number | boolean | undefined>;
export type RequestOptions = {
  method?: "GET" | "POST" | "DELETE";
  query?: Query;
  body?: unknown;
  csrfToken?: string;
};

/** An absolute URL on the page's origin; empty and undefined query values are left out. */
export function consoleUrl(path: string, query: Query = {}): string {
  const url = new URL(path, globalThis.location?.origin ?? "http://localhost");
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/**
 * One call to the auth or admin API with the session cookie. A failed answer becomes the app's
 * ApiError ("403: {body}"), so errorMessage() shows the server's {message}.
 */
export async function consoleRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", query, body, csrfToken } = options;
  const headers = new Headers({ Accept: "application/json" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  const request = new Request(consoleUrl(path, query), {
    method,
    headers,
    credentials: "include",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await globalThis.fetch(request);
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
