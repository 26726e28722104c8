import { useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { type FormEvent, useState } from "react";
import { cityQueries, materialQueries } from "@/api/queries";
import { FormField } from "@/components/forms/form-field";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { FormAlert, SentMessage } from "@/components/reports/form-messages";
import { Button } from "@/components/ui/button";
import { currencySymbol, UNIT_LABELS, UNITS, type Unit } from "@/lib/format";
import {
  ALERT_KINDS,
  type AlertDraft,
  type AlertErrors,
  type AlertTarget,
  isDigest,
  toAlertBody,
  validateAlert,
} from "./alert-draft";
import { postAlert } from "./api";

const fieldId = (name: keyof AlertDraft) => `alert-${name}`;
const FIELD_ORDER = ["email", "materialSlug", "threshold"] as const;

type Props = {
  target: AlertTarget;
  draft: AlertDraft;
  onDraftChange: (draft: AlertDraft) => void;
  /** Called once the API has accepted the alert (it starts when the mail's link is opened). */
  onSent: () => void;
};

/** Issue 18: a mail when a price crosses a threshold, or a daily or weekly digest of the city. */
export function AlertForm({ target, draft, onDraftChange, onSent }: Props) {
  const [errors, setErrors] = useState<AlertErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const materials = useQuery(materialQueries.list());
  const cities = useQuery({ ...cityQueries.list(), enabled: !target.city });
  const citySlug = target.city?.slug ?? target.citySlug ?? "";
  const city = target.city ?? cities.data?.find((option) => option.slug === citySlug);
  const currency = city?.country.currency;
  const digest = isDigest(draft.kind);
  const { mutation, refusal } = useFormSubmission({
    send: postAlert,
    event: { action: "price_alert_submit", category: "alerts" },
    failure: "Your alert could not be set. Please try again.",
    onSent: (message) => {
      setSentMessage(message);
      onSent();
    },
  });

  const update = (changes: Partial<AlertDraft>) => {
    const next = { ...draft, ...changes };
    onDraftChange(next);
    if (attempted) setErrors(validateAlert(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validateAlert(draft);
    setAttempted(true);
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    mutation.mutate(toAlertBody(draft, citySlug));
  };

  if (sentMessage) return <SentMessage title="Almost done" message={sentMessage} />;

  const priceHint = currency
    ? `In ${currency} (${currencySymbol(currency).trim()}) ${UNIT_LABELS[draft.unit]}.`
    : `${UNIT_LABELS[draft.unit]}.`;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Set a price alert" className="relative space-y-4">
      <FormField
        id={fieldId("email")}
        label="Email address"
        required
        hint="We send a link to confirm the alert first."
        error={errors.email}
      >
        {(props) => (
          <input
            {...props}
            type="email"
            name="email"
            autoComplete="email"
            value={draft.email}
            onChange={(event) => update({ email: event.target.value })}
          />
        )}
      </FormField>
      {city && (
        <p className="text-sm">
          <span className="font-medium text-slate-900">City:</span>{" "}
          <span className="text-slate-700">
            {city.name}, {city.country.name}
          </span>
        </p>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1.5 block text-sm font-medium text-slate-900">Alert me when</legend>
        {ALERT_KINDS.map(({ kind, label }) => (
          <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={draft.kind === kind}
              onChange={() => update({ kind })}
              className="h-4 w-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {!digest && (
        <>
          <FormField id={fieldId("materialSlug")} label="Material" required error={errors.materialSlug}>
            {(props) => (
              <select
                {...props}
                name="materialSlug"
                value={draft.materialSlug}
                onChange={(event) => update({ materialSlug: event.target.value })}
              >
                <option value="">{materials.isPending ? "Loading materials..." : "Choose a material"}</option>
                {materials.data?.map((material) => (
                  <option key={material.slug} value={material.slug}>
                    {material.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={fieldId("threshold")} label="Price" required hint={priceHint} error={errors.threshold}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  name="threshold"
                  inputMode="decimal"
                  min="0.01"
                  max="1000000"
                  step="any"
                  value={draft.threshold}
                  onChange={(event) => update({ threshold: event.target.value })}
                />
              )}
            </FormField>
            <FormField id={fieldId("unit")} label="Unit">
              {(props) => (
                <select
                  {...props}
                  name="unit"
                  value={draft.unit}
                  onChange={(event) => update({ unit: event.target.value as Unit })}
                >
                  {UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {UNIT_LABELS[unit]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        </>
      )}
      <HoneypotField id={fieldId("website")} value={draft.website} onChange={(website) => update({ website })} />
      <FormAlert message={refusal} />
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
        <BellRing aria-hidden="true" className="h-4 w-4" />
        {mutation.isPending ? "Sending..." : "Set alert"}
      </Button>
    </form>
  );
}
