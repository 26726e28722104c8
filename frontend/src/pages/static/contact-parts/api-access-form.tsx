import { KeyRound } from "lucide-react";
import { useState } from "react";
import { api, type Schemas, unwrap } from "@/api/client";
import { emailProblem } from "@/components/forms/checks";
import { EmailField } from "@/components/forms/fields";
import { FormField } from "@/components/forms/form-field";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { Button } from "@/components/ui/button";

export const API_ACCESS_FORM_ID = "developers";
type Body = Schemas["ApiAccessRequest"];
type Draft = {
  name: string;
  email: string;
  company: string;
  intendedUse: string;
  requestsPerDay: string;
  website: string;
};
type Field = "name" | "email" | "company" | "intendedUse" | "requestsPerDay";
const FIELDS: readonly Field[] = ["name", "email", "company", "intendedUse", "requestsPerDay"];
const EMPTY: Draft = { name: "", email: "", company: "", intendedUse: "", requestsPerDay: "", website: "" };
const fieldId = (name: keyof Draft) => `api-access-${name}`;

export function validateApiAccess(draft: Draft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.name.trim()) errors.name = "Please enter your full name.";
  const email = emailProblem(draft.email);
  if (email) errors.email = email;
  if (!draft.company.trim()) errors.company = "Please enter your company or project.";
  if (!draft.intendedUse.trim()) errors.intendedUse = "Please tell us what you will use the data for.";
  const perDay = Number(draft.requestsPerDay);
  if (!Number.isInteger(perDay) || perDay < 1 || perDay > 100_000_000)
    errors.requestsPerDay = "Give a whole number of requests per day, e.g. 5000.";
  return errors;
}

const toBody = (draft: Draft): Body => ({
  name: draft.name.trim(),
  email: draft.email.trim(),
  company: draft.company.trim(),
  intendedUse: draft.intendedUse.trim(),
  requestsPerDay: Number(draft.requestsPerDay),
  website: draft.website,
});

/** The developers' request for an API key: it reaches the operators' inbox (POST /api/api-access-requests). */
export function ApiAccessForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { errors, update, onSubmit, pending, refusal, sentMessage } = useFormSubmission({
    draft,
    onDraftChange: setDraft,
    validate: validateApiAccess,
    fieldOrder: FIELDS,
    fieldId,
    toBody,
    send: (body: Body) => unwrap(api.POST("/api/api-access-requests", { body })),
    event: { action: "api_access_request", category: "contact" },
    failure: "Failed to send your request. Please try again.",
    onSent: () => setDraft(EMPTY),
  });
  return (
    <form
      id={API_ACCESS_FORM_ID}
      noValidate
      onSubmit={onSubmit}
      aria-label="Request API access"
      className="relative scroll-mt-24 space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 className="text-base font-semibold text-slate-900">Request an API key</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={fieldId("name")} label="Your name" required error={errors.name}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="name"
              maxLength={100}
              value={draft.name}
              onChange={(event) => update({ name: event.target.value })}
            />
          )}
        </FormField>
        <EmailField
          id={fieldId("email")}
          label="Work email"
          error={errors.email}
          maxLength={254}
          value={draft.email}
          onChange={(email) => update({ email })}
        />
        <FormField id={fieldId("company")} label="Company or project" required error={errors.company}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="organization"
              maxLength={150}
              value={draft.company}
              onChange={(event) => update({ company: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          id={fieldId("requestsPerDay")}
          label="Expected requests per day"
          required
          error={errors.requestsPerDay}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={draft.requestsPerDay}
              onChange={(event) => update({ requestsPerDay: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={fieldId("intendedUse")}
        label="What will you use the data for?"
        required
        hint="Which countries, cities and materials, and how your users will see the data."
        error={errors.intendedUse}
      >
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={3000}
            value={draft.intendedUse}
            onChange={(event) => update({ intendedUse: event.target.value })}
          />
        )}
      </FormField>
      <HoneypotField id={fieldId("website")} value={draft.website} onChange={(value) => update({ website: value })} />
      <div role="status">
        {sentMessage && <p className="rounded-md bg-green-50 p-2 text-sm text-green-900">{sentMessage}</p>}
      </div>
      <div role="alert">{refusal && <p className="text-sm text-red-700">{refusal}</p>}</div>
      <Button type="submit" disabled={pending}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {pending ? "Sending..." : "Request API access"}
      </Button>
    </form>
  );
}
