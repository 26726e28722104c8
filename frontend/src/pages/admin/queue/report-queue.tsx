import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import type { RefObject } from "react";
import { unwrap } from "@/api/client";
import {
  formatDate,
  formatMoment,
  formatMoney,
  formatPrice,
  shownUnits,
  UNIT_LABELS,
  UNIT_SUFFIXES,
} from "@/lib/format";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import type { ConsoleApi } from "../api/session";
import type { AdminPriceReport } from "../api/types";
import { Fact } from "../ui/fact";
import { type Decision, DecisionForm } from "./decision-form";
import { type OnDecided, QueueList, useQueueParams } from "./queue-list";
import { ReviewNote } from "./review-status";

/** Price reports, flagged first (the server's order), each with the current price beside it. */
export function ReportQueue({ heading }: { heading: RefObject<HTMLElement | null> }) {
  const { status, page, setPage } = useQueueParams();
  const reports = useQuery(useConsoleQueries().priceReports({ status, page, limit: PAGE_SIZE }));
  return (
    <QueueList label="Price reports by status" status={status} query={reports} onPageChange={setPage} heading={heading}>
      {(report, onDecided) => <ReportCard report={report} onDecided={onDecided} />}
    </QueueList>
  );
}

function decideReport(api: ConsoleApi, { id, verdict, reason }: { id: number } & Decision) {
  const params = { path: { report_id: id } };
  return unwrap(
    verdict === "reject"
      ? api.POST("/api/admin/price-reports/{report_id}/reject", { params, body: { reason } })
      : api.POST("/api/admin/price-reports/{report_id}/approve", { params, body: reason ? { reason } : {} }),
  );
}

function approveSender(api: ConsoleApi, id: number) {
  return unwrap(
    api.POST("/api/admin/price-reports/{report_id}/approve-sender", { params: { path: { report_id: id } } }),
  );
}

/**
 * One click for every waiting report of this report's sender, with the warning that they are one
 * person's: each series counts them once (its latest), however many there are.
 */
function SenderApproval({
  report,
  subject,
  onDecided,
}: {
  report: AdminPriceReport;
  subject: string;
  onDecided: OnDecided;
}) {
  const approve = useConsoleAction(approveSender);
  const count = report.senderPending;
  return (
    <div className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        This sender has {count} reports waiting. They are one person&apos;s: in each series they count as one seller,
        whatever they say.
      </p>
      <button
        type="button"
        disabled={approve.isPending}
        onClick={() =>
          approve.mutateAsync(report.id).then(
            (done) => onDecided(`${done.approved.length} reports from ${subject}'s sender`, { status: "approved" }),
            () => undefined,
          )
        }
        className="rounded-md border border-amber-300 bg-white px-3 py-1.5 font-medium text-slate-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        Approve all {count} from this sender
      </button>
      {approve.error ? <p role="alert">{approve.error.message}</p> : null}
    </div>
  );
}

function ReportCard({ report, onDecided }: { report: AdminPriceReport; onDecided: OnDecided }) {
  const decide = useConsoleAction(decideReport);
  const title = `${report.material.name} in ${report.city.name}`;
  // The stored figures (per kg, or per piece) in the unit the material's prices are shown in first,
  // so the report and the current price read alike: copper per kg, silver per troy oz, a catalytic
  // converter per piece.
  const unit = shownUnits(report.material.saleUnit)[0] ?? "kg";
  const stored = (amount: string) => `${formatPrice(amount, report.currency, unit)}${UNIT_SUFFIXES[unit]}`;
  // The day paid is a day of the city's calendar: moments are shown in the city's time too.
  const zone = report.city.timeZone;
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {title}
          {report.yard ? ` · ${report.yard.name}` : ""}
        </h2>
        <span className="text-sm text-slate-600">Received {formatMoment(report.createdAt, zone)}</span>
      </header>
      {report.flagged && (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
          <AlertTriangle aria-hidden="true" className="h-4 w-4" />
          Flagged: {report.flagReason ?? "far from the current price"}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Fact term="Reported">
          {formatMoney(report.price, report.currency)} {UNIT_LABELS[report.unit]} ({stored(report.pricePerKg)})
        </Fact>
        <Fact term="Current price">
          {report.currentPricePerKg ? stored(report.currentPricePerKg) : "No current price"}
        </Fact>
        <Fact term="Paid on">
          {formatDate(report.reportDate)} <span className="text-slate-600">(a day in {report.city.name})</span>
        </Fact>
        <Fact term="Against the baseline">
          {report.baselinePerKg
            ? `${stored(report.baselinePerKg)} (this report is ${report.baselineRatio}×)`
            : "No baseline yet"}
        </Fact>
        <Fact term="Sender">
          <span className="font-mono">{report.sender}</span>: {report.senderPending} waiting, {report.senderApproved}{" "}
          approved
        </Fact>
        <Fact term="Note">{report.note ?? "—"}</Fact>
      </dl>
      {report.status === "pending" ? (
        <DecisionForm
          subject={title}
          pending={decide.isPending}
          error={decide.error}
          onDecide={(decision) =>
            // mutateAsync: the card is gone by the time the answer is in, and mutate's callbacks with it.
            decide.mutateAsync({ id: report.id, ...decision }).then(
              (decided) => onDecided(title, decided),
              () => undefined, // shown by the form (decide.error)
            )
          }
        />
      ) : (
        <ReviewNote review={report} timeZone={zone} />
      )}
      {/* After the decision's buttons: the queue gives a card's first button the focus (Approve). */}
      {report.status === "pending" && report.senderPending > 1 ? (
        <SenderApproval report={report} subject={title} onDecided={onDecided} />
      ) : null}
    </article>
  );
}
