import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatCount } from "@/lib/format";
import { useConsoleQueries } from "../api/queries";
import type { Summary } from "../api/types";
import { ConsoleState, ScreenHeading } from "../ui/states";

const COUNTS: { key: keyof Summary; label: string; to: string }[] = [
  { key: "pendingReports", label: "Price reports waiting", to: "/admin/queue/reports" },
  { key: "flaggedReports", label: "Flagged price reports", to: "/admin/queue/reports" },
  { key: "pendingSuggestions", label: "Yard corrections waiting", to: "/admin/queue/suggestions" },
  { key: "unhandledMessages", label: "Unhandled messages", to: "/admin/inbox" },
  { key: "subscribers", label: "Newsletter subscribers", to: "/admin/subscribers" },
  { key: "runsAwaitingOverride", label: "Imports awaiting override", to: "/admin/imports" },
];

export function DashboardScreen() {
  const queries = useConsoleQueries();
  const summary = useQuery(queries.summary());
  return (
    <div>
      <ScreenHeading hint="What is waiting for an operator.">Dashboard</ScreenHeading>
      <ConsoleState query={summary}>
        {(counts) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {COUNTS.map(({ key, label, to }) => (
              <li key={key}>
                <Link
                  to={to}
                  className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <span className="block text-3xl font-bold text-slate-900">{formatCount(counts[key])}</span>
                  <span className="text-sm text-slate-700">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ConsoleState>
    </div>
  );
}
