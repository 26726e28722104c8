import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { unwrap } from "@/api/client";
import { Button } from "@/components/ui/button";
import { formatCount, formatMoment } from "@/lib/format";
import { useConsoleAction, useConsoleQueries } from "../api/queries";
import { useSession } from "../api/session";
import type { ImportRun, ImportRunDetail } from "../api/types";
import { Fact } from "../ui/fact";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";
import { RunStatus } from "./run-status";

/** One run; `runId` is digits (the console's path matching sees to it). */
export function ImportRunScreen({ runId }: { runId: number }) {
  const queries = useConsoleQueries();
  const run = useQuery(queries.importRun(runId));
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/admin/imports" className="text-brand-700 underline focus-visible:outline-2">
          All import runs
        </Link>
      </p>
      <ConsoleState query={run}>{(found) => <RunDetail run={found} />}</ConsoleState>
    </div>
  );
}

function RunDetail({ run }: { run: ImportRunDetail }) {
  return (
    <article className="space-y-4">
      <ScreenHeading>Import of {run.fileName}</ScreenHeading>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <Fact term="Status">
          <RunStatus run={run} />
        </Fact>
        <Fact term="Kind">
          {run.kind} ({run.trigger})
        </Fact>
        <Fact term="Rows">{formatCount(run.rows)}</Fact>
        <Fact term="New / updated">
          {formatCount(run.inserted)} / {formatCount(run.updated)}
        </Fact>
        <Fact term="Started">{formatMoment(run.startedAt)}</Fact>
        <Fact term="Finished">{formatMoment(run.finishedAt)}</Fact>
      </dl>
      <OverrideAction run={run} />
      <section aria-labelledby="problems-heading" className="space-y-2">
        <h2 id="problems-heading" className="text-lg font-semibold text-slate-900">
          Problem lines ({formatCount(run.problems.length)})
        </h2>
        {run.problems.length === 0 ? (
          <p className="text-sm text-slate-700">No problems.</p>
        ) : (
          <ol className="list-decimal space-y-1 pl-6 font-mono text-sm text-slate-900">
            {run.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problem lines may repeat; their place is their identity
              <li key={index}>{problem}</li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

/** Admins may re-import a run held back for outliers, with the outliers allowed. */
function OverrideAction({ run }: { run: ImportRun }) {
  const { user } = useSession();
  const override = useConsoleAction((api, id: number) =>
    unwrap(api.POST("/api/admin/import-runs/{run_id}/override", { params: { path: { run_id: id } } })),
  );
  if (!run.canOverride) return run.status === "outliers" ? <FileNotKept run={run} /> : null;
  if (user.role !== "admin") {
    return <p className="text-sm text-slate-700">This run awaits an override: an admin can allow its outliers.</p>;
  }
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3">
      <p className="text-sm text-amber-900">
        This run was held back for {formatCount(run.outliers)} outliers. Override to import its file with them.
      </p>
      <ActionError error={override.error} />
      <Button size="sm" disabled={override.isPending} onClick={() => override.mutate(run.id)}>
        {override.isPending ? "Overriding…" : "Override"}
      </Button>
    </div>
  );
}

/** Held back for outliers, but its file is not kept for an override: too large to keep (a problem
 * line says so), kept past its days, or kept on another host's disk before files were kept in the
 * database. */
function FileNotKept({ run }: { run: ImportRun }) {
  return (
    <p className="text-sm text-slate-700">
      This run was held back for {formatCount(run.outliers)} outliers, and its file is not kept for an override: fix the
      file or import it again with <code className="font-mono">scrapindex {run.kind} import --allow-outliers</code>.
    </p>
  );
}
