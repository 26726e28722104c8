import { useQuery } from "@tanstack/react-query";
import { Download, Search } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { unwrapEmpty } from "@/api/client";
import { Button, buttonClasses } from "@/components/ui/button";
import { SortHeader } from "@/components/ui/sort-header";
import { formatCount, formatMoment } from "@/lib/format";
import { PAGE_SIZE, SUBSCRIBERS_CSV, useConsoleAction, useConsoleQueries } from "../api/queries";
import type { Subscriber } from "../api/types";
import { ListPager, usePageParam } from "../ui/paging";
import { useSorted } from "../ui/sorting";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";

type Field = "email" | "createdAt";
const sortValue = (row: Subscriber, field: Field) => row[field];

export function SubscribersScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [page, setPage] = usePageParam();
  const queries = useConsoleQueries();
  const subscribers = useQuery(queries.subscribers({ q, page, limit: PAGE_SIZE }));

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setParams(text ? { q: text } : {});
  };

  return (
    <div>
      <ScreenHeading hint="Everyone signed up for the newsletter.">Newsletter subscribers</ScreenHeading>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <search>
          <form onSubmit={search} className="flex items-end gap-2">
            <div>
              <label htmlFor="subscriber-search" className="block text-sm font-medium text-slate-800">
                Search by e-mail
              </label>
              <input
                id="subscriber-search"
                name="q"
                type="search"
                defaultValue={q}
                maxLength={100}
                className="h-9 rounded-md border border-slate-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-700"
              />
            </div>
            <Button type="submit" size="sm" variant="outline" className="h-9">
              <Search aria-hidden="true" className="h-4 w-4" />
              Search
            </Button>
          </form>
        </search>
        <a href={SUBSCRIBERS_CSV} download className={buttonClasses("outline", "sm")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <ConsoleState
        query={subscribers}
        isEmpty={(found) => found.data.length === 0}
        empty={q ? `No subscriber matches “${q}”.` : "No subscribers yet."}
      >
        {(found) => (
          <>
            <p className="mb-2 text-sm font-medium text-slate-800">
              {formatCount(found.pagination.total)} {q ? "matching" : "subscribers"}
            </p>
            <SubscriberTable rows={found.data} />
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

function SubscriberTable({ rows }: { rows: Subscriber[] }) {
  const { sorted, sort, onSort } = useSorted<Subscriber, Field>(
    rows,
    { field: "createdAt", direction: "desc" },
    sortValue,
  );
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Newsletter subscribers (sortable within the page)</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <SortHeader field="email" label="E-mail" sort={sort} onSort={onSort} />
          <SortHeader field="createdAt" label="Subscribed" sort={sort} onSort={onSort} />
          <th scope="col" className="px-1.5 py-2 sm:px-3">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((subscriber) => (
          <tr key={subscriber.id} className="border-b border-slate-100">
            <td className="px-1.5 py-2 sm:px-3">{subscriber.email}</td>
            <td className="px-1.5 py-2 sm:px-3">{formatMoment(subscriber.createdAt)}</td>
            <td className="px-1.5 py-2 text-right sm:px-3">
              <RemoveSubscriber subscriber={subscriber} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Remove, after a confirmation that names the address. */
function RemoveSubscriber({ subscriber }: { subscriber: Subscriber }) {
  const [open, setOpen] = useState(false);
  const remove = useConsoleAction((api, id: number) =>
    unwrapEmpty(
      api.DELETE("/api/admin/newsletter-subscribers/{subscriber_id}", { params: { path: { subscriber_id: id } } }),
    ),
  );
  const confirm = () => remove.mutate(subscriber.id, { onSuccess: () => setOpen(false) });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="outline" aria-label={`Remove ${subscriber.email}`}>
          Remove
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[28rem] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Remove this subscriber?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">
            {subscriber.email} will get no more newsletters. This cannot be undone.
          </AlertDialog.Description>
          <ActionError error={remove.error} />
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button size="sm" variant="outline">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button size="sm" disabled={remove.isPending} onClick={confirm}>
              Remove subscriber
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
