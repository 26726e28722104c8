import type { ReactElement } from "react";
import { Navigate, useParams } from "react-router";
import { EmptyState } from "@/components/ui/page-states";
import { usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { AuditScreen } from "./audit/audit-screen";
import { DashboardScreen } from "./dashboard/dashboard-screen";
import { DataCheckScreen } from "./data-check/data-check-screen";
import { ImportRunScreen } from "./imports/import-run-screen";
import { ImportsScreen } from "./imports/imports-screen";
import { InboxScreen } from "./inbox/inbox-screen";
import { LoginGate } from "./layout/console-layout";
import { LoginScreen } from "./login/login-screen";
import { QueueScreen } from "./queue/queue-screen";
import { SubscribersScreen } from "./subscribers/subscribers-screen";
import { UsersScreen } from "./users/users-screen";

// The console's screens by the path below /admin/. Matched here rather than with <Routes>, whose
// code would otherwise join the router chunk every public page loads.
const SCREENS: Record<string, () => ReactElement> = {
  "": () => <DashboardScreen />,
  queue: () => <Navigate replace to="/admin/queue/reports" />,
  "queue/reports": () => <QueueScreen kind="reports" />,
  "queue/suggestions": () => <QueueScreen kind="suggestions" />,
  inbox: () => <InboxScreen />,
  subscribers: () => <SubscribersScreen />,
  imports: () => <ImportsScreen />,
  "data-check": () => <DataCheckScreen />,
  audit: () => <AuditScreen />,
  users: () => <UsersScreen />,
};
const IMPORT_RUN = /^imports\/(\d{1,9})$/;

function screenAt(path: string): ReactElement {
  const screen = Object.hasOwn(SCREENS, path) ? SCREENS[path] : undefined;
  if (screen) return screen();
  const run = IMPORT_RUN.exec(path);
  if (run?.[1]) return <ImportRunScreen runId={Number(run[1])} />;
  return <EmptyState title="No such screen in the console." />;
}

/**
 * The operator console (/admin/*): its own lazily loaded chunk, noindex, never in the sitemap.
 * Every screen but the login sits behind the login gate.
 */
export function Component() {
  usePageMeta(pageText("admin"));
  const path = (useParams()["*"] ?? "").replace(/\/+$/, "");
  if (path === "login") return <LoginScreen />;
  return <LoginGate>{screenAt(path)}</LoginGate>;
}
