import { useQuery } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { type RefObject, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { unwrap } from "@/api/client";
import { Button } from "@/components/ui/button";
import { formatMoment } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import type { ConsoleApi } from "../api/session";
import type { AdminYardSuggestion, SuggestionStatus, YardFields } from "../api/types";
import { Fact } from "../ui/fact";
import { ActionError } from "../ui/states";
import { type Decision, DecisionForm } from "./decision-form";
import { type OnDecided, QueueList, useQueueParams } from "./queue-list";
import { ReviewNote, STATUSES } from "./review-status";

/** A correction may also be reverted: applied, then put back from the Approved list. */
const SUGGESTION_STATUSES: readonly SuggestionStatus[] = [...STATUSES, "reverted"];

const FIELD_LABELS: Record<keyof YardFields, string> = {
  hours: "Opening hours",
  phone: "Phone",
  website: "Website",
  address: "Address",
  services: "Services",
  permanentlyClosed: "Permanently closed",
};

const TEXT_FIELDS = ["hours", "phone", "website", "address"] as const;

/**
 * The yard fields of a correction's `changes` or `current`, which the schema types as free-form
 * objects: each key present is kept, its value if of the field's type, else null ("unknown").
 */
export function yardFields(values: Readonly<Record<string, unknown>>): YardFields {
  const fields: YardFields = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (Object.hasOwn(values, field)) fields[field] = typeof value === "string" ? value : null;
  }
  const { services, permanentlyClosed } = values;
  if (Object.hasOwn(values, "services")) {
    fields.services =
      Array.isArray(services) && services.every((item): item is string => typeof item === "string") ? services : null;
  }
  if (Object.hasOwn(values, "permanentlyClosed")) {
    fields.permanentlyClosed = typeof permanentlyClosed === "boolean" ? permanentlyClosed : null;
  }
  return fields;
}

/** A yard field as an operator reads it; null is "unknown". */
export function fieldText(value: YardFields[keyof YardFields]): string {
  if (value === null || value === undefined || value === "") return "unknown";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value;
}

export function SuggestionQueue({ heading }: { heading: RefObject<HTMLElement | null> }) {
  const { status, page, setPage } = useQueueParams(SUGGESTION_STATUSES);
  const suggestions = useQuery(useConsoleQueries().yardSuggestions({ status, page, limit: PAGE_SIZE }));
  return (
    <QueueList
      label="Yard corrections by status"
      status={status}
      statuses={SUGGESTION_STATUSES}
      query={suggestions}
      onPageChange={setPage}
      heading={heading}
    >
      {(suggestion, onDecided) => <SuggestionCard suggestion={suggestion} onDecided={onDecided} />}
    </QueueList>
  );
}

function decideSuggestion(api: ConsoleApi, { id, verdict, reason }: { id: number } & Decision) {
  const params = { path: { suggestion_id: id } };
  return unwrap(
    verdict === "reject"
      ? api.POST("/api/admin/yard-suggestions/{suggestion_id}/reject", { params, body: { reason } })
      : api.POST("/api/admin/yard-suggestions/{suggestion_id}/approve", { params, body: reason ? { reason } : {} }),
  );
}

function revertSuggestion(api: ConsoleApi, { id, reason }: { id: number; reason: string }) {
  return unwrap(
    api.POST("/api/admin/yard-suggestions/{suggestion_id}/revert", {
      params: { path: { suggestion_id: id } },
      body: reason ? { reason } : {},
    }),
  );
}

function SuggestionCard({ suggestion, onDecided }: { suggestion: AdminYardSuggestion; onDecided: OnDecided }) {
  const decide = useConsoleAction(decideSuggestion);
  const { yard } = suggestion;
  const changes = yardFields(suggestion.changes);
  const current = yardFields(suggestion.current);
  // Applied (approved, or since reverted): what it replaced, what it set, what the yard holds now.
  const before = suggestion.before ? yardFields(suggestion.before) : null;
  const fields = (Object.keys(FIELD_LABELS) as (keyof YardFields)[]).filter((field) => field in changes);
  const subject = `the correction to ${yard.name}`;
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={yardPath(yard)} className="underline hover:text-brand-700">
            {yard.name}
          </Link>{" "}
          <span className="text-base font-normal text-slate-600">in {yard.cityName}</span>
        </h2>
        <span className="text-sm text-slate-600">Received {formatMoment(suggestion.createdAt)}</span>
      </header>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Changes proposed for {yard.name}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-3">
              Field
            </th>
            <th scope="col" className="py-1 pr-3">
              {before ? "Before" : "Current"}
            </th>
            <th scope="col" className="py-1 pr-3">
              {before ? "Applied" : "Proposed"}
            </th>
            {before && (
              <th scope="col" className="py-1">
                Now
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pr-3 font-medium">
                {FIELD_LABELS[field]}
              </th>
              <td className="py-1 pr-3 text-slate-700">{fieldText((before ?? current)[field])}</td>
              <td className="py-1 pr-3 font-medium text-slate-900">{fieldText(changes[field])}</td>
              {before && <td className="py-1 text-slate-700">{fieldText(current[field])}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid gap-1 text-sm">
        <Fact term="From">{suggestion.email}</Fact>
        <Fact term="Note">{suggestion.note ?? "—"}</Fact>
      </dl>
      {suggestion.status === "pending" ? (
        <DecisionForm
          subject={subject}
          pending={decide.isPending}
          error={decide.error}
          onDecide={(decision) =>
            // mutateAsync: the card is gone by the time the answer is in, and mutate's callbacks with it.
            decide.mutateAsync({ id: suggestion.id, ...decision }).then(
              (decided) => onDecided(subject, decided),
              () => undefined, // shown by the form (decide.error)
            )
          }
        />
      ) : suggestion.status === "reverted" ? (
        <>
          {/* Who applied it is its review; who put it back, when and why, its revert. */}
          <ReviewNote review={{ ...suggestion, status: "approved" }} />
          <p className="text-sm text-slate-700">
            Reverted{suggestion.revertedBy ? ` by ${suggestion.revertedBy}` : ""}
            {suggestion.revertedAt ? ` on ${formatMoment(suggestion.revertedAt)}` : ""}
            {suggestion.revertReason ? `: ${suggestion.revertReason}` : ""}
          </p>
        </>
      ) : (
        <>
          <ReviewNote review={suggestion} />
          {suggestion.status === "approved" && before && (
            <RevertCorrection
              suggestion={suggestion}
              fields={fields.map((field) => `${FIELD_LABELS[field]}: ${fieldText(before[field])}`)}
              onReverted={(reverted) => onDecided(subject, reverted)}
            />
          )}
        </>
      )}
    </article>
  );
}

/**
 * Revert an applied correction, after a confirmation that names what the yard gets back. The
 * server refuses (409, its message shown here) when a field has changed since it was applied.
 */
function RevertCorrection({
  suggestion,
  fields,
  onReverted,
}: {
  suggestion: AdminYardSuggestion;
  /** "Phone: +27 11 555 0000", for each field it changed: what the yard gets back. */
  fields: string[];
  onReverted: (reverted: AdminYardSuggestion) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const revert = useConsoleAction(revertSuggestion);
  const name = suggestion.yard.name;
  const confirm = () => {
    if (revert.isPending) return;
    const reason = reasonRef.current?.value.trim() ?? "";
    // mutateAsync: the card is gone by the time the answer is in, and mutate's callbacks with it.
    revert.mutateAsync({ id: suggestion.id, reason }).then(
      (reverted) => {
        setOpen(false);
        onReverted(reverted);
      },
      () => undefined, // shown in the dialog (revert.error)
    );
  };
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) revert.reset(); // a refusal shown before is not the next attempt's
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="outline" aria-label={`Revert the correction to ${name}`}>
          Revert
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[28rem] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Revert this correction?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">
            {name} gets back the values this correction replaced:
          </AlertDialog.Description>
          <ul className="list-disc pl-5 text-sm text-slate-900">
            {fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
            Reason <span className="font-normal text-slate-600">(optional, kept in the audit log)</span>
          </label>
          <textarea
            id={`${id}-reason`}
            ref={reasonRef}
            name="reason"
            rows={2}
            maxLength={500}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <ActionError error={revert.error} />
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button size="sm" variant="outline">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* aria-disabled, not disabled, while it is sent: a disabled button drops focus. */}
            <Button size="sm" aria-disabled={revert.isPending || undefined} onClick={confirm}>
              Revert correction
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
