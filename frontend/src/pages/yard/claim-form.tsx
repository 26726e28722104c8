import { Send } from "lucide-react";
import { EmailField, FormActions } from "@/components/forms/fields";
import { FormField } from "@/components/forms/form-field";
import { SentMessage } from "@/components/forms/form-messages";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { postYardClaim, type YardClaimCreate } from "./api";
import { type ClaimDraft, EVIDENCE_LIMIT, maskEmail, NAME_LIMIT, toClaimBody, validateClaim } from "./claim-draft";

const fieldId = (name: string) => `claim-${name}`;
const FIELD_ORDER = ["name", "email", "evidence"] as const;
const RADIO = "mt-0.5 h-4 w-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700";

type Props = {
  yard: { id: number; name: string; email: string | null };
  draft: ClaimDraft;
  onDraftChange: (draft: ClaimDraft) => void;
  onSent: () => void;
};

/** Issue 38: the owner asks for a claim link (to the listing's address) or for our team to check. */
export function ClaimForm({ yard, draft, onDraftChange, onSent }: Props) {
  const { errors, update, onSubmit, pending, refusal, sentMessage } = useFormSubmission({
    draft,
    onDraftChange,
    validate: validateClaim,
    fieldOrder: FIELD_ORDER,
    fieldId,
    toBody: toClaimBody,
    send: (body: YardClaimCreate) => postYardClaim(yard.id, body),
    event: { action: "yard_claim_submit", category: "scrap_yards" },
    failure: "Your request could not be sent. Please try again.",
    onSent,
  });

  if (sentMessage) {
    const title = draft.route === "listing-email" ? "Check the yard's mailbox" : "Request sent";
    return <SentMessage title={title} message={sentMessage} />;
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Claim this yard" className="relative space-y-4">
      <FormField id={fieldId("name")} label="Your name" required error={errors.name}>
        {(props) => (
          <input
            {...props}
            type="text"
            name="name"
            autoComplete="name"
            maxLength={NAME_LIMIT}
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        )}
      </FormField>
      <EmailField
        id={fieldId("email")}
        label="Your email address"
        hint="You log in with it to post the yard's prices. Never shown."
        error={errors.email}
        maxLength={254}
        value={draft.email}
        onChange={(email) => update({ email })}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1.5 block text-sm font-medium text-slate-900">How we check it is yours</legend>
        {yard.email && (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="route"
              value="listing-email"
              checked={draft.route === "listing-email"}
              onChange={() => update({ route: "listing-email" })}
              className={RADIO}
            />
            <span>Send the link to the listing&apos;s e-mail ({maskEmail(yard.email)})</span>
          </label>
        )}
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="route"
            value="operators"
            checked={draft.route === "operators"}
            onChange={() => update({ route: "operators" })}
            className={RADIO}
          />
          <span>
            {yard.email ? "I can't reach that address: ask our team" : "Ask our team (this listing has no e-mail)"}
          </span>
        </label>
      </fieldset>
      {draft.route === "operators" && (
        <FormField
          id={fieldId("evidence")}
          label="How can we check?"
          required
          hint="For example: your role at the yard, the yard's phone number we can call you back on, its website or registration."
          error={errors.evidence}
        >
          {(props) => (
            <textarea
              {...props}
              name="evidence"
              rows={4}
              maxLength={EVIDENCE_LIMIT}
              value={draft.evidence}
              onChange={(event) => update({ evidence: event.target.value })}
            />
          )}
        </FormField>
      )}
      <HoneypotField id={fieldId("website")} value={draft.honeypot} onChange={(honeypot) => update({ honeypot })} />
      <FormActions
        refusal={refusal}
        pending={pending}
        icon={Send}
        label={draft.route === "listing-email" ? "Send the link" : "Send to our team"}
      />
    </form>
  );
}
