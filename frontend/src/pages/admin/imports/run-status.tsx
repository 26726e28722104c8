import type { ImportRun, ImportRunStatus } from "../api/types";

const LABELS: Record<ImportRunStatus, string> = {
  imported: "Imported",
  rejected: "Rejected",
  outliers: "Outliers: awaiting override",
  overridden: "Overridden",
};
const TONES: Record<ImportRunStatus, string> = {
  imported: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
  outliers: "bg-amber-100 text-amber-900",
  overridden: "bg-slate-100 text-slate-900",
};

/** A run held back for outliers whose file is not kept (too large, or gone) cannot be overridden. */
const NOT_KEPT = "Outliers: file not kept";

export function RunStatus({ run }: { run: Pick<ImportRun, "status" | "outliers" | "canOverride"> }) {
  const outliers = run.canOverride ? LABELS.outliers : NOT_KEPT;
  const label = run.status === "outliers" ? `${outliers} (${run.outliers})` : LABELS[run.status];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONES[run.status]}`}>{label}</span>;
}
