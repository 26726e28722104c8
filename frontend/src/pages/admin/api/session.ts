import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useMemo } from "react";
import { consoleRequest, isStatus, type Query } from "./request";
import type { Session } from "./types";

export const ME_KEY = ["/api/auth/me"] as const;
/** Everything the console caches lives under this key, dropped on login and logout. */
export const CONSOLE_KEY = ["admin"] as const;
const NOTICE_KEY = [...CONSOLE_KEY, "notice"] as const;
export const SESSION_ENDED = "Your session has ended. Log in again.";

/** Who is logged in (null: nobody), with the CSRF token their writes carry. */
export function meQuery() {
  return queryOptions({
    queryKey: ME_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        return await consoleRequest<Session>("/api/auth/me");
      } catch (error) {
        if (isStatus(error, 401)) return null;
        throw error;
      }
    },
  });
}

/** A 401 from any call: the session is gone; the login screen says so. */
export function endSession(client: QueryClient, notice: string | null = SESSION_ENDED): void {
  if (notice) client.setQueryData(NOTICE_KEY, notice);
  client.setQueryData(ME_KEY, null);
}

/** The notice for the login screen (why the operator is there), if any. */
export function sessionNotice(client: QueryClient): string | undefined {
  return client.getQueryData<string>(NOTICE_KEY);
}

/** After logging in or out: nothing cached for the previous operator survives. */
export function startSession(client: QueryClient, session: Session | null): void {
  client.setQueryData(ME_KEY, session);
  client.removeQueries({ queryKey: CONSOLE_KEY });
}

export type ConsoleApi = {
  get: <T>(path: string, query?: Query) => Promise<T>;
  post: <T>(path: string, body?: unknown) => Promise<T>;
  remove: (path: string) => Promise<void>;
};

/** The console's calls: writes carry the CSRF token of `me`; a 401 ends the session. */
export function useConsoleApi(): ConsoleApi {
  const client = useQueryClient();
  return useMemo(() => {
    async function call<T>(path: string, method: "GET" | "POST" | "DELETE", query?: Query, body?: unknown) {
      const csrfToken = method === "GET" ? undefined : client.getQueryData<Session | null>(ME_KEY)?.csrfToken;
      try {
        return await consoleRequest<T>(path, { method, query, body, csrfToken });
      } catch (error) {
        if (isStatus(error, 401)) endSession(client);
        throw error;
      }
    }
    return {
      get: <T>(path: string, query?: Query) => call<T>(path, "GET", query),
      post: <T>(path: string, body: unknown = {}) => call<T>(path, "POST", undefined, body),
      remove: (path: string) => call<void>(path, "DELETE"),
    };
  }, [client]);
}

export const SessionContext = createContext<Session | null>(null);

/** The logged-in operator; only inside the console's login gate. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the console's login gate");
  return session;
}
