import type { ApiClient } from "@/api/client";

/**
 * Whether the site can be reached, and whether what a page shows is a saved copy: what the
 * offline notice says. Three sources feed it: the browser's online and offline events, the API
 * client's answers and failures, and the service worker (public/sw.js), which marks every copy
 * it answers with when it was saved (a header on an API answer, a <meta> in a page).
 */
export type ConnectionState = {
  /** The browser says it has no network. */
  offline: boolean;
  /** The network is there but the server is not: a request failed, or a copy stood in for it. */
  unreachable: boolean;
  /** The page (by path) shown from a copy, and when that copy was saved ("" when unknown). */
  copy: { path: string; savedAt: string } | null;
};

export type Connection = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ConnectionState;
  /** An API answer: live, or a saved copy (its X-Saved-At header), or a server that is away. */
  answered: (response: Response) => void;
  /** A request that reached nothing. */
  failed: () => void;
};

const SAVED_AT = "X-Saved-At";
const AWAY = [502, 503, 504];

export function createConnection(window: Window): Connection {
  const listeners = new Set<() => void>();
  const pageCopy = window.document.querySelector<HTMLMetaElement>('meta[name="saved-copy"]');
  let state: ConnectionState = {
    offline: !window.navigator.onLine,
    unreachable: pageCopy !== null,
    copy: pageCopy ? { path: window.location.pathname, savedAt: pageCopy.content } : null,
  };
  const update = (changes: Partial<ConnectionState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };
  // Back online: assume the server is there too until a request says otherwise.
  window.addEventListener("online", () => update({ offline: false, unreachable: false }));
  window.addEventListener("offline", () => update({ offline: true }));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    answered(response) {
      const savedAt = response.headers.get(SAVED_AT);
      if (savedAt !== null) {
        const path = window.location.pathname;
        // A page built from several copies is as old as its oldest one.
        const older = state.copy?.path === path && state.copy.savedAt < savedAt ? state.copy.savedAt : savedAt;
        update({ unreachable: true, copy: { path, savedAt: older } });
      } else {
        const away = AWAY.includes(response.status);
        if (away !== state.unreachable) update({ unreachable: away });
      }
    },
    failed() {
      if (!state.unreachable) update({ unreachable: true });
    },
  };
}

/** Reports what the API client meets to the connection (main.tsx wires the site's client). */
export function watchApi(client: ApiClient, connection: Connection): void {
  client.use({
    onResponse({ response }) {
      connection.answered(response);
    },
    onError({ error }) {
      // A request given up on (a query cancelled) says nothing about the server.
      if (!(error instanceof DOMException && error.name === "AbortError")) connection.failed();
      // Nothing returned: the original error is thrown on.
    },
  });
}

/** The site's connection, read by the offline notice. */
export const siteConnection: Connection = createConnection(window);
