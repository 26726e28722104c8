// Loaded on the first press of "Is this your yard?": the form stays out of the page's bundle.
import { useState } from "react";
import { FormDialog } from "@/components/forms/form-dialog";
import type { DialogState } from "@/components/forms/lazy-dialog-button";
import { initialClaim } from "./claim-draft";
import { ClaimForm } from "./claim-form";

type Yard = { id: number; name: string; email: string | null };

export default function ClaimDialog({ yard, ...dialog }: DialogState & { yard: Yard }) {
  const [draft, setDraft] = useState(() => initialClaim(yard.email));
  return (
    <FormDialog
      {...dialog}
      title="Is this your yard?"
      description={`Claim ${yard.name}'s listing to post your own buying prices, hours and how a visit works. We check it is yours first.`}
    >
      <ClaimForm yard={yard} draft={draft} onDraftChange={setDraft} onSent={() => undefined} />
    </FormDialog>
  );
}
