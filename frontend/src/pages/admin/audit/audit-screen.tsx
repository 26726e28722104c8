import { useQuery } from "@tanstack/react-query";
import { SortHeader } from "@/components/ui/sort-header";
import { formatMoment } from "@/lib/format";
import { SM_UP, useMediaQuery } from "@/lib/use-media-query";
import { PAGE_SIZE, useConsoleQueries } from "../api/queries";
import type { AuditEntry } from "../api/types";
import { ListPager, usePageParam } from "../ui/paging";
import { useSorted } from "../ui/sorting";
import { ConsoleState, ScreenHeading } from "../ui/states";
import { changedFields } from "./diff";

type Field = "actor" | "action" | "entityType" | "createdAt";
const sortValue = (entry: AuditEntry, field: Field) => entry[field];
const CELL = "px-1.5 py-2 align-top sm:px-3";

export function AuditScreen() {
  const [page, setPage] = usePageParam();
  const queries = useConsoleQueries();
  const log = useQuery(queries.auditLog({ page, limit: PAGE_SIZE }));
  return (
    <div>
      <ScreenHeading hint="Every change operators made, newest first.">Audit log</ScreenHeading>
      <ConsoleState query={log} isEmpty={(found) => found.data.length === 0} empty="No changes recorded yet.">
        {(found) => (
          <>
            <AuditEntries rows={found.data} />
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

/** A table from the `sm` breakpoint up; on a phone, a list of entries that wraps to its width. */
function AuditEntries({ rows }: { rows: AuditEntry[] }) {
  const wide = useMediaQuery(SM_UP);
  return wide === false ? <AuditList rows={rows} /> : <AuditTable rows={rows} />;
}

const actorName = (entry: AuditEntry) => (entry.actor === "cli" ? "command line" : entry.actor);
const entityName = (entry: AuditEntry) => `${entry.entityType}${entry.entityId ? ` #${entry.entityId}` : ""}`;

function AuditList({ rows }: { rows: AuditEntry[] }) {
  return (
    <ul aria-label="Audit log" className="divide-y divide-slate-200 border-y border-slate-200">
      {rows.map((entry) => (
        <li key={entry.id} className="relative min-w-0 space-y-1 py-3 text-sm">
          <p className="font-mono text-xs break-words">{entry.action}</p>
          <p className="break-words text-slate-700">
            {entityName(entry)} · {actorName(entry)}
          </p>
          <p className="text-xs text-slate-600">{formatMoment(entry.createdAt)}</p>
          <ChangeList entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  const { sorted, sort, onSort } = useSorted<AuditEntry, Field>(
    rows,
    { field: "createdAt", direction: "desc" },
    sortValue,
  );
  return (
    // Positioned, so the visually hidden words inside are clipped with it, not laid out beyond it.
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log (sortable within the page)</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <SortHeader field="createdAt" label="When" sort={sort} onSort={onSort} />
            <SortHeader field="actor" label="Who" sort={sort} onSort={onSort} />
            <SortHeader field="action" label="Action" sort={sort} onSort={onSort} />
            <SortHeader field="entityType" label="Entity" sort={sort} onSort={onSort} />
            <th scope="col" className={CELL}>
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-100">
              <td className={`${CELL} whitespace-nowrap`}>{formatMoment(entry.createdAt)}</td>
              <td className={CELL}>{actorName(entry)}</td>
              <td className={`${CELL} font-mono text-xs`}>{entry.action}</td>
              <td className={CELL}>{entityName(entry)}</td>
              <td className={CELL}>
                <ChangeList entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeList({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {changes.map((change) => (
        <li key={change.field} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{change.field}</span>: <del className="text-red-800">{change.before}</del>{" "}
          <span aria-hidden="true">→</span>
          <span className="sr-only">became</span> <ins className="text-green-800 no-underline">{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}
