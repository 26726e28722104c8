import { useQuery } from "@tanstack/react-query";
import type { RefObject } from "react";
import { Link } from "react-router";
import { unwrap } from "@/api/client";
import { formatMoment } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import type { ConsoleApi } from "../api/session";
import type { AdminYardSuggestion, YardFields } from "../api/types";
import { Fact } from "../ui/fact";
import { type Decision, DecisionForm } from "./decision-form";
import { type OnDecided, QueueList, useQueueParams } from "./queue-list";
import { ReviewNote } from "./review-status";

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
  const { status, page, setPage } = useQueueParams();
  const suggestions = useQuery(useConsoleQueries().yardSuggestions({ status, page, limit: PAGE_SIZE }));
  return (
    <QueueList
      label="Yard corrections by status"
      status={status}
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

function SuggestionCard({ suggestion, onDecided }: { suggestion: AdminYardSuggestion; onDecided: OnDecided }) {
  const decide = useConsoleAction(decideSuggestion);
  const { yard } = suggestion;
  const changes = yardFields(suggestion.changes);
  const current = yardFields(suggestion.current);
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
              Current
            </th>
            <th scope="col" className="py-1">
              Proposed
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pr-3 font-medium">
                {FIELD_LABELS[field]}
              </th>
              <td className="py-1 pr-3 text-slate-700">{fieldText(current[field])}</td>
              <td className="py-1 font-medium text-slate-900">{fieldText(changes[field])}</td>
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
      ) : (
        <ReviewNote review={suggestion} />
      )}
    </article>
  );
}
