// Loaded on the first press of "Suggest a correction": the form stays out of the page's bundle.
import { useState } from "react";
import type { YardDetail } from "@/api/client";
import { FormDialog } from "@/components/forms/form-dialog";
import type { DialogState } from "@/components/forms/lazy-dialog-button";
import { initialCorrection } from "./correction-draft";
import { SuggestCorrectionForm } from "./suggest-correction-form";

export default function SuggestCorrectionDialog({ yard, ...dialog }: DialogState & { yard: YardDetail }) {
  const [draft, setDraft] = useState(() => initialCorrection(yard));
  return (
    <FormDialog
      {...dialog}
      title="Suggest a correction"
      description={`What is wrong about ${yard.name}? A moderator checks every correction before it appears.`}
    >
      <SuggestCorrectionForm
        yard={yard}
        draft={draft}
        onDraftChange={setDraft}
        onSent={() => setDraft(initialCorrection(yard))}
      />
    </FormDialog>
  );
}
