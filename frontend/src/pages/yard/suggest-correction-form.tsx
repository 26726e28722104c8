import { Send } from "lucide-react";
import type { YardDetail, YardSuggestionCreate } from "@/api/client";
import { EmailField, FormActions, NoteField } from "@/components/forms/fields";
import { FormField } from "@/components/forms/form-field";
import { SentMessage } from "@/components/forms/form-messages";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { postYardSuggestion } from "./api";
import {
  type CorrectionDraft,
  changesOf,
  currentValues,
  NO_CHANGE,
  NOTE_LIMIT,
  serviceOptions,
  TEXT_LIMITS,
  type TextField,
  toSuggestionBody,
  validateCorrection,
} from "./correction-draft";

const fieldId = (name: string) => `correction-${name}`;
const FIELD_ORDER = ["hours", "phone", "website", "address", "email"] as const;
const TEXT_LABELS: Record<TextField, string> = {
  hours: "Opening hours",
  phone: "Phone",
  website: "Website",
  address: "Address",
};
const HOURS_EXAMPLE = "For example: Mo-Fr 08:00-17:00; Sa 08:00-12:00";

type Props = {
  yard: YardDetail;
  draft: CorrectionDraft;
  onDraftChange: (draft: CorrectionDraft) => void;
  onSent: () => void;
};

/** Issue 17: a visitor's fix to a yard's details, applied once a moderator approves it. */
export function SuggestCorrectionForm({ yard, draft, onDraftChange, onSent }: Props) {
  const { errors, update, onSubmit, pending, refusal, sentMessage } = useFormSubmission({
    draft,
    onDraftChange,
    validate: validateCorrection,
    fieldOrder: FIELD_ORDER,
    fieldId,
    check: (values) => (Object.keys(changesOf(values, yard)).length === 0 ? NO_CHANGE : undefined),
    toBody: (values) => toSuggestionBody(values, changesOf(values, yard)),
    send: (body: YardSuggestionCreate) => postYardSuggestion(yard.id, body),
    event: { action: "yard_correction_submit", category: "scrap_yards" },
    failure: "Your correction could not be sent. Please try again.",
    onSent,
  });
  const now = currentValues(yard);

  const toggleService = (service: string, checked: boolean) =>
    update({ services: checked ? [...draft.services, service] : draft.services.filter((item) => item !== service) });

  if (sentMessage) return <SentMessage title="Correction sent" message={sentMessage} />;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Suggest a correction" className="relative space-y-4">
      <p className="text-sm text-slate-600">Fill in only what is wrong; empty fields stay as they are.</p>
      {(["hours", "phone", "website", "address"] as const).map((field) => (
        <FormField
          key={field}
          id={fieldId(field)}
          label={TEXT_LABELS[field]}
          hint={[field === "hours" ? HOURS_EXAMPLE : "", now[field] ? `Now: ${now[field].replaceAll("\n", "; ")}` : ""]
            .filter(Boolean)
            .join(". ")}
          error={errors[field]}
        >
          {(props) => (
            <input
              {...props}
              type={field === "website" ? "url" : field === "phone" ? "tel" : "text"}
              name={field === "website" ? "yardWebsite" : field}
              maxLength={TEXT_LIMITS[field]}
              value={draft[field]}
              onChange={(event) => update({ [field]: event.target.value })}
            />
          )}
        </FormField>
      ))}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Services</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {serviceOptions(yard).map((service) => (
            <label key={service} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={draft.services.includes(service)}
                onChange={(event) => toggleService(service, event.target.checked)}
                className="h-4 w-4 accent-brand-700"
              />
              {service}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          checked={draft.permanentlyClosed}
          onChange={(event) => update({ permanentlyClosed: event.target.checked })}
          className="h-4 w-4 accent-brand-700"
        />
        Permanently closed
      </label>
      <EmailField
        id={fieldId("email")}
        label="Your email address"
        hint="Only for questions about this correction; never shown."
        error={errors.email}
        maxLength={254}
        value={draft.email}
        onChange={(email) => update({ email })}
      />
      <NoteField
        id={fieldId("note")}
        hint="How you know, for the moderator."
        limit={NOTE_LIMIT}
        value={draft.note}
        onChange={(note) => update({ note })}
      />
      <HoneypotField id={fieldId("website")} value={draft.honeypot} onChange={(honeypot) => update({ honeypot })} />
      <FormActions refusal={refusal} pending={pending} icon={Send} label="Send correction" />
    </form>
  );
}
