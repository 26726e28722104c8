import { useQuery } from "@tanstack/react-query";
import { formatCount, formatDate } from "@/lib/format";
import { useConsoleQueries } from "../api/queries";
import type { DataCheck, Finding } from "../api/types";
import { ConsoleState, ScreenHeading } from "../ui/states";

const LEVELS: { level: Finding["level"]; title: string; tone: string }[] = [
  { level: "error", title: "Errors", tone: "border-red-200 bg-red-50" },
  { level: "warning", title: "Warnings", tone: "border-amber-200 bg-amber-50" },
];

/** `scrapindex data check`, run on request: errors first, then warnings, each with examples. */
export function DataCheckScreen() {
  const queries = useConsoleQueries();
  const report = useQuery(queries.dataCheck());
  return (
    <div>
      <ScreenHeading hint="The data check, run now on the live database (it takes a second or two).">
        Data check
      </ScreenHeading>
      <ConsoleState query={report}>{(found) => <Report report={found} />}</ConsoleState>
    </div>
  );
}

function Report({ report }: { report: DataCheck }) {
  return (
    <div className="space-y-6">
      <p role="status" className={`font-medium ${report.ok ? "text-green-800" : "text-red-800"}`}>
        {report.ok ? "All checks passed" : "Problems found"} on {formatDate(report.today)}: {formatCount(report.errors)}{" "}
        errors, {formatCount(report.warnings)} warnings ({report.seconds.toFixed(1)} s).
      </p>
      {LEVELS.map(({ level, title, tone }) => {
        const findings = report.findings.filter((finding) => finding.level === level);
        return (
          <section key={level} aria-labelledby={`${level}-heading`} className="space-y-2">
            <h2 id={`${level}-heading`} className="text-lg font-semibold text-slate-900">
              {title} ({findings.length})
            </h2>
            {findings.length === 0 ? (
              <p className="text-sm text-slate-700">None.</p>
            ) : (
              <ul className="space-y-2">
                {findings.map((finding) => (
                  <li key={finding.code} className={`rounded-md border p-3 text-sm ${tone}`}>
                    <p className="font-medium text-slate-900">
                      {finding.message}{" "}
                      <span className="font-normal text-slate-700">({formatCount(finding.count)})</span>
                    </p>
                    <p className="font-mono text-xs text-slate-700">{finding.code}</p>
                    {finding.examples.length > 0 && (
                      <ul className="mt-1 list-disc pl-5 text-slate-800">
                        {finding.examples.map((example) => (
                          <li key={example}>{example}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
