// Loaded on the first press of "Alert me": the form stays out of the pages' bundles.
import { useState } from "react";
import { FormDialog } from "@/components/forms/form-dialog";
import type { DialogState } from "@/components/forms/lazy-dialog-button";
import { type AlertTarget, initialAlertDraft } from "./alert-draft";
import { AlertForm } from "./alert-form";

export default function AlertDialog({ target, ...dialog }: DialogState & { target: AlertTarget }) {
  const [draft, setDraft] = useState(() => initialAlertDraft(target));
  return (
    <FormDialog
      {...dialog}
      title="Alert me about prices"
      description="Get an email when a price crosses your mark, or a daily or weekly digest of the city. Every mail has a one-click unsubscribe link."
    >
      <AlertForm
        target={target}
        draft={draft}
        onDraftChange={setDraft}
        onSent={() => setDraft(initialAlertDraft(target))}
      />
    </FormDialog>
  );
}
