import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { unwrap } from "@/api/client";
import { Button, buttonClasses } from "@/components/ui/button";
import { mailtoHref } from "@/lib/email";
import { formatMoment } from "@/lib/format";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import type { ConsoleApi } from "../api/session";
import type { ContactMessage } from "../api/types";
import { Fact } from "../ui/fact";
import { ListPager, usePageParam } from "../ui/paging";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";

const FILTER =
  "rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

/** mailto: with the sender's address and "Re: {subject}" filled in, both encoded. */
export function replyLink(message: Pick<ContactMessage, "email" | "subject">): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return mailtoHref(message.email, { subject });
}

export function InboxScreen() {
  const [params] = useSearchParams();
  const handled = params.get("handled") === "true";
  const [page, setPage] = usePageParam();
  const queries = useConsoleQueries();
  const messages = useQuery(queries.contactMessages({ handled, page, limit: PAGE_SIZE }));
  return (
    <div>
      <ScreenHeading hint="Messages from the contact form, newest first.">Inbox</ScreenHeading>
      <nav aria-label="Messages by state" className="mb-4 flex gap-2">
        <Link to={{ search: "" }} aria-current={handled ? undefined : "page"} className={FILTER}>
          Not handled
        </Link>
        <Link to={{ search: "?handled=true" }} aria-current={handled ? "page" : undefined} className={FILTER}>
          Handled
        </Link>
      </nav>
      <ConsoleState
        query={messages}
        isEmpty={(found) => found.data.length === 0}
        empty={handled ? "No handled messages yet." : undefined}
      >
        {(found) => (
          <>
            <ul className="space-y-4">
              {found.data.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} />
                </li>
              ))}
            </ul>
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

function markHandled(api: ConsoleApi, args: { id: number; handled: boolean }) {
  return unwrap(
    api.POST("/api/admin/contact-messages/{message_id}/handled", {
      params: { path: { message_id: args.id } },
      body: { handled: args.handled },
    }),
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const toggle = useConsoleAction(markHandled);
  const handled = message.handledAt !== null;
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{message.subject}</h2>
        <span className="text-sm text-slate-600">{formatMoment(message.createdAt)}</span>
      </header>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <Fact term="From">
          {message.name} &lt;{message.email}&gt;
        </Fact>
        <Fact term="Category">{message.category ?? "—"}</Fact>
        {handled && (
          <Fact term="Handled">
            {formatMoment(message.handledAt)}
            {message.handledBy ? ` by ${message.handledBy}` : ""}
          </Fact>
        )}
      </dl>
      <p className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm text-slate-900">{message.message}</p>
      <ActionError error={toggle.error} />
      <div className="flex flex-wrap gap-2">
        <a href={replyLink(message)} className={buttonClasses("primary", "sm")}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Reply by e-mail
        </a>
        <Button
          size="sm"
          variant="outline"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ id: message.id, handled: !handled })}
        >
          {handled ? "Mark not handled" : "Mark handled"}
        </Button>
      </div>
    </article>
  );
}
