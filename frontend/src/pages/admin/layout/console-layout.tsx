import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { unwrapEmpty } from "@/api/client";
import { ErrorState } from "@/components/ui/page-states";
import { meQuery, SessionContext, startSession, useConsoleApi, useSession } from "../api/session";
import { ActionError, Loading } from "../ui/states";

type Section = { to: string; label: string; end?: boolean; adminOnly?: boolean };

const SECTIONS: Section[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/queue", label: "Moderation" },
  { to: "/admin/inbox", label: "Inbox" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/imports", label: "Imports" },
  { to: "/admin/data-check", label: "Data check" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/yard-claims", label: "Yard claims" },
  { to: "/admin/yard-owners", label: "Yard owners" },
  { to: "/admin/licences", label: "Licence matches" },
  { to: "/admin/api-keys", label: "API keys", adminOnly: true },
  { to: "/admin/users", label: "Users", adminOnly: true },
];
/** A yard's owner sees nothing of the operators' console: their own yards only. */
const OWNER_SECTIONS: Section[] = [{ to: "/admin/my-yard", label: "My yard" }];

const LINK =
  "block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white hover:bg-slate-100 aria-[current=page]:hover:bg-brand-800";

/** Every console screen but the login: shown only with a live session, else off to the login. */
export function LoginGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery());
  const location = useLocation();
  if (me.isPending) return <Loading label="Checking your session…" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate replace to="/admin/login" state={{ from: location.pathname + location.search }} />;
  return (
    <SessionContext.Provider value={me.data}>
      <ConsoleLayout>{children}</ConsoleLayout>
    </SessionContext.Provider>
  );
}

/** A section is current on its own path and below it (the dashboard only on its own). */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  const path = pathname.replace(/\/+$/, "");
  return path === to || (!end && path.startsWith(`${to}/`));
}

function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const owner = user.role === "owner";
  const sections = owner ? OWNER_SECTIONS : SECTIONS.filter((section) => !section.adminOnly || user.role === "admin");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
        <p className="text-lg font-semibold text-slate-900">
          {owner ? "ScrapIndex for yard owners" : "ScrapIndex operator console"}
        </p>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>
            {user.email} ({user.role})
          </span>
          <LogoutButton />
          <LogoutButton everywhere />
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
        <nav aria-label="Console">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  aria-current={isCurrent(pathname, section.to, section.end) ? "page" : undefined}
                  className={LINK}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

/** Log out here, or `everywhere`: every session of the account ends (a lost laptop, a shared one). */
function LogoutButton({ everywhere = false }: { everywhere?: boolean }) {
  const client = useQueryClient();
  const api = useConsoleApi();
  // Not a console action: asking the lists again after logging out would only meet 401s.
  const logout = useMutation({
    mutationFn: () => unwrapEmpty(everywhere ? api.POST("/api/auth/logout-everywhere") : api.POST("/api/auth/logout")),
    onSuccess: () => startSession(client, null),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        {everywhere ? "Log out everywhere" : "Log out"}
      </button>
      <ActionError error={logout.error} />
    </>
  );
}
