import { Archive, WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { formatDate } from "@/lib/format";
import { type Connection, siteConnection } from "./connection";

/**
 * A calm line under the header while the browser is offline or the server cannot be reached,
 * and on a page shown from a copy the service worker saved, when that copy was saved. The live
 * region is always in the page, so a screen reader hears the line when it appears.
 */
export function OfflineNotice({ connection = siteConnection }: { connection?: Connection }) {
  const state = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  const { pathname } = useLocation();
  const copy = state.copy?.path === pathname ? state.copy : null;
  const problem = state.offline
    ? "You're offline."
    : state.unreachable
      ? "ScrapIndex can't be reached right now."
      : null;
  const shown = copy
    ? copy.savedAt
      ? `Shown from a copy saved on ${formatDate(copy.savedAt)}.`
      : "Shown from a saved copy."
    : problem && "Pages you have opened before can still be viewed.";
  const visible = problem !== null || copy !== null;
  const Icon = problem ? WifiOff : Archive;
  return (
    <div role="status" className={visible ? "border-b border-slate-300 bg-slate-100 text-slate-900" : undefined}>
      {visible && (
        <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm">
          <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-600" />
          <span>
            {problem && <strong className="font-semibold">{problem}</strong>} {shown}
          </span>
        </p>
      )}
    </div>
  );
}
