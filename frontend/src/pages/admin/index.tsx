import type { ReactElement } from "react";
import { Navigate, useParams } from "react-router";
import { EmptyState } from "@/components/ui/page-states";
import { usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { useSession } from "./api/session";
import { ApiKeysScreen } from "./api-keys/api-keys-screen";
import { AuditScreen } from "./audit/audit-screen";
import { ClaimScreen } from "./claim/claim-screen";
import { DashboardScreen } from "./dashboard/dashboard-screen";
import { DataCheckScreen } from "./data-check/data-check-screen";
import { ImportRunScreen } from "./imports/import-run-screen";
import { ImportsScreen } from "./imports/imports-screen";
import { InboxScreen } from "./inbox/inbox-screen";
import { LoginGate } from "./layout/console-layout";
import { LicencesScreen } from "./licences/licences-screen";
import { LoginScreen } from "./login/login-screen";
import { MyYardScreen, MyYardsScreen } from "./my-yard/my-yard-screen";
import { QueueScreen } from "./queue/queue-screen";
import { SubscribersScreen } from "./subscribers/subscribers-screen";
import { UsersScreen } from "./users/users-screen";
import { YardClaimsScreen } from "./yard-owners/yard-claims-screen";
import { YardOwnersScreen } from "./yard-owners/yard-owners-screen";

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
  "yard-claims": () => <YardClaimsScreen />,
  // The operators' notice mail links the claims as a queue (mail/notifications.py's CLAIMS_PATH).
  "queue/claims": () => <Navigate replace to="/admin/yard-claims" />,
  "yard-owners": () => <YardOwnersScreen />,
  licences: () => <LicencesScreen />,
  "api-keys": () => <ApiKeysScreen />,
};
const IMPORT_RUN = /^imports\/(\d{1,9})$/;
/** A yard's owner sees their own yards' screens and nothing else (the server refuses them the rest). */
const OWNER_SCREENS: Record<string, () => ReactElement> = {
  "": () => <Navigate replace to="/admin/my-yard" />,
  "my-yard": () => <MyYardsScreen />,
};
const MY_YARD = /^my-yard\/(\d{1,9})$/;

const NO_SCREEN = <EmptyState title="No such screen in the console." />;

function operatorScreenAt(path: string): ReactElement {
  const screen = Object.hasOwn(SCREENS, path) ? SCREENS[path] : undefined;
  if (screen) return screen();
  const run = IMPORT_RUN.exec(path);
  if (run?.[1]) return <ImportRunScreen runId={Number(run[1])} />;
  return NO_SCREEN;
}

function ownerScreenAt(path: string): ReactElement {
  const screen = Object.hasOwn(OWNER_SCREENS, path) ? OWNER_SCREENS[path] : undefined;
  if (screen) return screen();
  const yard = MY_YARD.exec(path);
  if (yard?.[1]) return <MyYardScreen yardId={Number(yard[1])} />;
  return NO_SCREEN;
}

function ScreenAt({ path }: { path: string }) {
  const { user } = useSession();
  return user.role === "owner" ? ownerScreenAt(path) : operatorScreenAt(path);
}

/**
 * The operator console (/admin/*): its own lazily loaded chunk, noindex, never in the sitemap.
 * Every screen but the login and a claim link's sits behind the login gate; behind it, an
 * operator sees the operators' screens and a yard's owner only their own yards'.
 */
export function Component() {
  usePageMeta(pageText("admin"));
  const path = (useParams()["*"] ?? "").replace(/\/+$/, "");
  if (path === "login") return <LoginScreen />;
  if (path === "claim") return <ClaimScreen />;
  return (
    <LoginGate>
      <ScreenAt path={path} />
    </LoginGate>
  );
}
