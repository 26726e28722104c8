import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useMemo } from "react";
import { isStatus, unwrap } from "@/api/client";
import { authApi, createConsoleClient } from "./client";
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
        return await unwrap(authApi.GET("/api/auth/me"));
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

/** The console's typed client: the paths, parameters, bodies and answers of the OpenAPI schema. */
export type ConsoleApi = ReturnType<typeof createConsoleClient>;

/** The console's calls: writes carry the CSRF token of `me`; a 401 ends the session. */
export function useConsoleApi(): ConsoleApi {
  const client = useQueryClient();
  return useMemo(
    () =>
      createConsoleClient({
        csrfToken: () => client.getQueryData(meQuery().queryKey)?.csrfToken,
        onEnd: () => endSession(client),
      }),
    [client],
  );
}

export const SessionContext = createContext<Session | null>(null);

/** The logged-in operator; only inside the console's login gate. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the console's login gate");
  return session;
}
