import { useQuery } from "@tanstack/react-query";
import { unwrap } from "@/api/client";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/page-states";
import { SortHeader } from "@/components/ui/sort-header";
import { formatMoment } from "@/lib/format";
import { useConsoleAction, useConsoleQueries } from "../api/queries";
import { useSession } from "../api/session";
import type { ConsoleUser } from "../api/types";
import { useSorted } from "../ui/sorting";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";

type Field = "email" | "role" | "createdAt" | "lastLoginAt";
const sortValue = (user: ConsoleUser, field: Field) => user[field];
const CELL = "px-1.5 py-2 sm:px-3";

/** Operator accounts (admins only; accounts are made with `scrapindex users create`). */
export function UsersScreen() {
  const { user } = useSession();
  if (user.role !== "admin") return <EmptyState title="Only admins can manage accounts." />;
  return <UserList />;
}

function UserList() {
  const queries = useConsoleQueries();
  const users = useQuery(queries.users());
  return (
    <div>
      <ScreenHeading hint="New accounts: scrapindex users create --email E --role admin|moderator">Users</ScreenHeading>
      <ConsoleState query={users} isEmpty={(found) => found.length === 0} empty="No accounts.">
        {(found) => <UserTable rows={found} />}
      </ConsoleState>
    </div>
  );
}

function UserTable({ rows }: { rows: ConsoleUser[] }) {
  const { sorted, sort, onSort } = useSorted<ConsoleUser, Field>(rows, { field: "email", direction: "asc" }, sortValue);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Operator accounts</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <SortHeader field="email" label="E-mail" sort={sort} onSort={onSort} />
            <SortHeader field="role" label="Role" sort={sort} onSort={onSort} />
            <SortHeader field="createdAt" label="Created" sort={sort} onSort={onSort} />
            <SortHeader field="lastLoginAt" label="Last login" sort={sort} onSort={onSort} />
            <th scope="col" className={CELL}>
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((account) => (
            <tr key={account.id} className="border-b border-slate-100">
              <td className={CELL}>{account.email}</td>
              <td className={CELL}>{account.role}</td>
              <td className={CELL}>{formatMoment(account.createdAt)}</td>
              <td className={CELL}>{formatMoment(account.lastLoginAt)}</td>
              <td className={CELL}>
                <AccountState account={account} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AccountState({ account }: { account: ConsoleUser }) {
  const { user } = useSession();
  const disable = useConsoleAction((api, id: number) =>
    unwrap(api.POST("/api/admin/users/{user_id}/disable", { params: { path: { user_id: id } } })),
  );
  if (account.disabledAt) return <span>Disabled {formatMoment(account.disabledAt)}</span>;
  if (account.id === user.id) return <span>Active (you)</span>;
  return (
    <div className="space-y-1">
      <Button
        size="sm"
        variant="outline"
        disabled={disable.isPending}
        aria-label={`Disable ${account.email}`}
        onClick={() => {
          if (window.confirm(`Disable ${account.email}? They are logged out at once.`)) disable.mutate(account.id);
        }}
      >
        Disable
      </Button>
      <ActionError error={disable.error} />
    </div>
  );
}
