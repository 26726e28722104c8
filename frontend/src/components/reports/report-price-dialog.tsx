// Loaded on the first press of "Report a price you were paid": the form stays out of the pages' bundles.
import { useState } from "react";
import { FormDialog } from "@/components/forms/form-dialog";
import type { DialogState } from "@/components/forms/lazy-dialog-button";
import { initialReportDraft, ReportPriceForm } from "./report-price-form";
import type { ReportTarget } from "./types";

export default function ReportPriceDialog({ target, ...dialog }: DialogState & { target: ReportTarget }) {
  const [draft, setDraft] = useState(() => initialReportDraft(target));
  return (
    <FormDialog
      {...dialog}
      title="Report a price you were paid"
      description="Moderators check every report. Approved reports of the last 14 days are shown as a summary, without your note."
    >
      <ReportPriceForm
        target={target}
        draft={draft}
        onDraftChange={setDraft}
        onSent={() => setDraft(initialReportDraft(target))}
      />
    </FormDialog>
  );
}
