import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { SortHeader } from "@/components/ui/sort-header";
import { formatCount, formatMoment } from "@/lib/format";
import { PAGE_SIZE, useConsoleQueries } from "../api/queries";
import type { ImportRun } from "../api/types";
import { ListPager, usePageParam } from "../ui/paging";
import { useSorted } from "../ui/sorting";
import { ConsoleState, ScreenHeading } from "../ui/states";
import { RunStatus } from "./run-status";

type Field = "fileName" | "kind" | "status" | "problemCount" | "startedAt";
const sortValue = (run: ImportRun, field: Field) => run[field];
const CELL = "px-1.5 py-2 sm:px-3";

export function ImportsScreen() {
  const [page, setPage] = usePageParam();
  const queries = useConsoleQueries();
  const runs = useQuery(queries.importRuns({ page, limit: PAGE_SIZE }));
  return (
    <div>
      <ScreenHeading hint="Every import of prices and yards, newest first; open one for its problem lines.">
        Import runs
      </ScreenHeading>
      <ConsoleState query={runs} isEmpty={(found) => found.data.length === 0} empty="No imports yet.">
        {(found) => (
          <>
            <RunTable rows={found.data} />
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

function RunTable({ rows }: { rows: ImportRun[] }) {
  const { sorted, sort, onSort } = useSorted<ImportRun, Field>(
    rows,
    { field: "startedAt", direction: "desc" },
    sortValue,
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Import runs (sortable within the page)</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <SortHeader field="fileName" label="File" sort={sort} onSort={onSort} />
            <SortHeader field="kind" label="Kind" sort={sort} onSort={onSort} />
            <SortHeader field="status" label="Status" sort={sort} onSort={onSort} />
            <th scope="col" className={CELL}>
              Rows (new / updated)
            </th>
            <SortHeader field="problemCount" label="Problems" sort={sort} onSort={onSort} />
            <SortHeader field="startedAt" label="Started" sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {sorted.map((run) => (
            <tr key={run.id} className="border-b border-slate-100">
              <td className={CELL}>
                <Link
                  to={`/admin/imports/${run.id}`}
                  className="font-medium text-brand-700 underline focus-visible:outline-2"
                >
                  {run.fileName}
                </Link>
              </td>
              <td className={CELL}>
                {run.kind} ({run.trigger})
              </td>
              <td className={CELL}>
                <RunStatus run={run} />
              </td>
              <td className={CELL}>
                {formatCount(run.rows)} ({formatCount(run.inserted)} / {formatCount(run.updated)})
              </td>
              <td className={CELL}>{formatCount(run.problemCount)}</td>
              <td className={CELL}>{formatMoment(run.startedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
