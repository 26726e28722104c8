import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { emailProblem } from "@/components/forms/checks";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { formatMoment } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import { useSession } from "../api/session";
import type { AdminYardOwner } from "../api/types";
import { addOwner, reinstateOwner, suspendOwner } from "../api/yard-owner-actions";
import { ListPager, usePageParam } from "../ui/paging";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";

const CELL = "px-1.5 py-2 align-top sm:px-3";

/** Yards' owner accounts: who owns which yard, added how, and suspending one (or adding one: admins). */
export function YardOwnersScreen() {
  const { user } = useSession();
  const [page, setPage] = usePageParam();
  const owners = useQuery(useConsoleQueries().yardOwners({ page, limit: PAGE_SIZE }));
  return (
    <div className="space-y-6">
      <ScreenHeading hint="A suspended owner can no longer post for that yard. Everything an owner changes is in the audit log.">
        Yard owners
      </ScreenHeading>
      {user.role === "admin" && <AddOwner />}
      <ConsoleState query={owners} isEmpty={(found) => found.data.length === 0} empty="No yard has an owner yet.">
        {(found) => (
          <>
            <OwnerTable rows={found.data} />
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

function OwnerTable({ rows }: { rows: AdminYardOwner[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Yard owner accounts</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={CELL}>
              E-mail
            </th>
            <th scope="col" className={CELL}>
              Yard
            </th>
            <th scope="col" className={CELL}>
              Added
            </th>
            <th scope="col" className={CELL}>
              Last login
            </th>
            <th scope="col" className={CELL}>
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((owner) => (
            <tr key={owner.id} className="border-b border-slate-100">
              <td className={`${CELL} break-all`}>{owner.email}</td>
              <td className={CELL}>
                <Link to={yardPath(owner.yard)} className="text-brand-700 underline">
                  {owner.yard.name}
                </Link>
                <span className="block text-xs text-slate-600">{owner.yard.cityName}</span>
              </td>
              <td className={CELL}>
                {formatMoment(owner.addedAt)}
                <span className="block text-xs text-slate-600">
                  {owner.addedBy === "claim" ? "by a confirmed claim" : `by ${owner.addedBy}`}
                </span>
              </td>
              <td className={CELL}>{formatMoment(owner.lastLoginAt)}</td>
              <td className={CELL}>
                <OwnerState owner={owner} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OwnerState({ owner }: { owner: AdminYardOwner }) {
  const suspended = owner.suspendedAt !== null;
  const change = useConsoleAction((api, id: number) => (suspended ? reinstateOwner(api, id) : suspendOwner(api, id)));
  const subject = `${owner.email} for ${owner.yard.name}`;
  const act = () => {
    const question = suspended
      ? `Reinstate ${subject}? They can post for the yard again.`
      : `Suspend ${subject}? They can no longer post for the yard.`;
    if (window.confirm(question)) change.mutate(owner.id);
  };
  return (
    <div className="space-y-1">
      {suspended ? (
        <p>
          Suspended {formatMoment(owner.suspendedAt)}
          {owner.suspendedBy ? ` by ${owner.suspendedBy}` : ""}
        </p>
      ) : (
        <p>Active</p>
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={change.isPending}
        aria-label={`${suspended ? "Reinstate" : "Suspend"} ${subject}`}
        onClick={act}
      >
        {suspended ? "Reinstate" : "Suspend"}
      </Button>
      <ActionError error={change.error} />
    </div>
  );
}

/** An admin gives a yard an owner: an existing owner gets it at once, a new address a set-password link. */
function AddOwner() {
  const [yardId, setYardId] = useState("");
  const [email, setEmail] = useState("");
  const [problems, setProblems] = useState<{ yardId?: string; email?: string }>({});
  const add = useConsoleAction(addOwner);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const id = Number(yardId);
    const found = {
      yardId: Number.isInteger(id) && id >= 1 ? undefined : "Give the yard's number, e.g. 123.",
      email: emailProblem(email),
    };
    setProblems(found);
    if (found.yardId) document.getElementById("owner-yard")?.focus();
    else if (found.email) document.getElementById("owner-email")?.focus();
    else
      add.mutate(
        { yardId: id, email: email.trim() },
        {
          onSuccess: () => {
            setYardId("");
            setEmail("");
          },
        },
      );
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add an owner to a yard"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">Add an owner to a yard</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="owner-yard"
          label="Yard number"
          required
          hint="From the yard page's address: /scrap-yard/123"
          error={problems.yardId}
        >
          {(props) => (
            <input {...props} inputMode="numeric" value={yardId} onChange={(event) => setYardId(event.target.value)} />
          )}
        </FormField>
        <FormField
          id="owner-email"
          label="Owner's e-mail"
          required
          hint="A new address is mailed a link to set a password."
          error={problems.email}
        >
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div role="status">
        {add.data && <p className="rounded-md bg-green-50 p-2 text-sm text-green-900">{add.data.message}</p>}
      </div>
      <ActionError error={add.error} />
      <Button type="submit" size="sm" aria-disabled={add.isPending || undefined}>
        <UserPlus aria-hidden="true" className="h-4 w-4" />
        Add owner
      </Button>
    </form>
  );
}
