import type { ChecklistItem, RegionalLine } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";

// A line of a seller's checklist (content/legal/checklists): the city page's checklist and the
// region page's notes both show lines this way.

type Line = Pick<ChecklistItem, "text" | "sources" | "reviewedOn" | "confirmed" | "note">;

/** The lines of an item that belong to a region (our region slug). */
export function linesFor(item: ChecklistItem, regionSlug: string | null | undefined): RegionalLine[] {
  return (item.regions ?? []).filter((line) => regionSlug != null && line.region === regionSlug);
}

/** Its text, its sources as links with the review date, and what could not be confirmed. */
export function LineText({ line, label }: { line: Line; label?: string }) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">
        {label && <strong>{label}: </strong>}
        {line.text}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        Source:{" "}
        {line.sources.map((source, index) => (
          <span key={source.url + source.name}>
            {index > 0 && "; "}
            <a href={source.url} className="underline" rel="noreferrer" target="_blank">
              {source.name}
            </a>
          </span>
        ))}
        . Reviewed {formatDate(line.reviewedOn)}.
      </p>
      {!line.confirmed && (
        <p className="mt-1 flex flex-wrap items-start gap-2 text-xs text-amber-900">
          <Badge tone="warning">Not confirmed</Badge>
          <span>{line.note}</span>
        </p>
      )}
      {line.confirmed && line.note && <p className="mt-1 text-xs text-slate-600">Note: {line.note}</p>}
    </>
  );
}
