import { useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { cityQueries } from "@/api/queries";
import { EmailField, FormActions, MaterialField } from "@/components/forms/fields";
import { SentMessage } from "@/components/forms/form-messages";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { PriceWithUnitField } from "@/components/forms/price-with-unit-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { useGivenUnit } from "@/components/forms/use-given-unit";
import { currencySymbol, UNIT_LABELS } from "@/lib/format";
import { ALERT_KINDS, type AlertDraft, type AlertTarget, isDigest, toAlertBody, validateAlert } from "./alert-draft";
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
  const cities = useQuery({ ...cityQueries.list(), enabled: !target.city });
  const citySlug = target.city?.slug ?? target.citySlug ?? "";
  const city = target.city ?? cities.data?.find((option) => option.slug === citySlug);
  const currency = city?.country.currency;
  const digest = isDigest(draft.kind);
  const unitOf = useGivenUnit();
  const unit = unitOf(draft.materialSlug, draft.unit);
  const { errors, update, onSubmit, pending, refusal, sentMessage } = useFormSubmission({
    draft,
    onDraftChange,
    validate: validateAlert,
    fieldOrder: FIELD_ORDER,
    fieldId,
    toBody: (values) => toAlertBody(values, citySlug, unitOf(values.materialSlug, values.unit).unit),
    send: postAlert,
    event: { action: "price_alert_submit", category: "alerts" },
    failure: "Your alert could not be set. Please try again.",
    onSent,
  });

  if (sentMessage) return <SentMessage title="Almost done" message={sentMessage} />;

  const priceHint = currency
    ? `In ${currency} (${currencySymbol(currency).trim()}) ${UNIT_LABELS[unit.unit]}.`
    : `${UNIT_LABELS[unit.unit]}.`;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Set a price alert" className="relative space-y-4">
      <EmailField
        id={fieldId("email")}
        label="Email address"
        hint="We send a link to confirm the alert first."
        error={errors.email}
        value={draft.email}
        onChange={(email) => update({ email })}
      />
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
          <MaterialField
            id={fieldId("materialSlug")}
            error={errors.materialSlug}
            value={draft.materialSlug}
            onChange={(materialSlug) => update({ materialSlug })}
          />
          <PriceWithUnitField
            price={{
              id: fieldId("threshold"),
              name: "threshold",
              label: "Price",
              hint: priceHint,
              error: errors.threshold,
              value: draft.threshold,
              onChange: (threshold) => update({ threshold }),
            }}
            unit={{
              id: fieldId("unit"),
              value: unit.unit,
              options: unit.options,
              onChange: (picked) => update({ unit: picked }),
            }}
          />
        </>
      )}
      <HoneypotField id={fieldId("website")} value={draft.website} onChange={(website) => update({ website })} />
      <FormActions refusal={refusal} pending={pending} icon={BellRing} label="Set alert" />
    </form>
  );
}
