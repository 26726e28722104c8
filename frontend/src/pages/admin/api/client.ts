// The console's API client: the site's typed client (paths, parameters, bodies and answers from
// the OpenAPI schema), with the two things a console session adds as openapi-fetch middleware.
import type { Middleware } from "openapi-fetch";
import { type ApiClient, createApiClient } from "@/api/client";

/** The header every state-changing call carries (the token comes from GET /api/auth/me). */
export const CSRF_HEADER = "X-CSRF-Token";
// What the server lets through without the token (auth/deps.py's SAFE_METHODS).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const JSON_ANSWERS = { Accept: "application/json" };

/** Sends `token()` as X-CSRF-Token on every state-changing request, when there is one. */
export function csrfMiddleware(token: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const value = SAFE_METHODS.has(request.method) ? undefined : token();
      if (value) request.headers.set(CSRF_HEADER, value);
      return request;
    },
  };
}

/** Calls `onEnd` when an answer is 401: the session has ended (timed out, logged out elsewhere). */
export function sessionEndMiddleware(onEnd: () => void): Middleware {
  return {
    onResponse({ response }) {
      if (response.status === 401) onEnd();
      return undefined;
    },
  };
}

/** Calls anyone may make, with no session to keep: who is logged in, and logging in. */
export const authApi: ApiClient = createApiClient(JSON_ANSWERS);

/** A logged-in operator's calls: writes carry the session's CSRF token, and a 401 ends the session. */
export function createConsoleClient(session: { csrfToken: () => string | undefined; onEnd: () => void }): ApiClient {
  const client = createApiClient(JSON_ANSWERS);
  client.use(csrfMiddleware(session.csrfToken), sessionEndMiddleware(session.onEnd));
  return client;
}
