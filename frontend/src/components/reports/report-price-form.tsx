import { useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { cityQueries, materialQueries } from "@/api/queries";
import { FormField } from "@/components/forms/form-field";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { Button } from "@/components/ui/button";
import { UNIT_LABELS, UNITS, type Unit } from "@/lib/format";
import { postPriceReport } from "./api";
import { FormAlert, SentMessage } from "./form-messages";
import {
  currencyOptions,
  dateBounds,
  NOTE_LIMIT,
  type ReportDraft,
  type ReportErrors,
  toReportBody,
  validateReport,
} from "./report-draft";
import type { ReportTarget } from "./types";

const fieldId = (name: keyof ReportDraft) => `report-${name}`;
const FIELD_ORDER = ["materialSlug", "citySlug", "price", "date"] as const;

export function initialReportDraft(target: ReportTarget, unit: Unit): ReportDraft {
  return {
    materialSlug: target.materialSlug ?? "",
    citySlug: target.city?.slug ?? target.citySlug ?? "",
    price: "",
    unit,
    currency: target.city?.country.currency ?? "",
    date: null,
    note: "",
    website: "",
  };
}

type Props = {
  target: ReportTarget;
  draft: ReportDraft;
  onDraftChange: (draft: ReportDraft) => void;
  /** Called with the API's thank-you once the report is accepted. */
  onSent: () => void;
  now?: Date;
};

/** Issue 17: a price a seller was paid, for moderators to check before it counts. */
export function ReportPriceForm({ target, draft, onDraftChange, onSent, now = new Date() }: Props) {
  const [errors, setErrors] = useState<ReportErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const materials = useQuery(materialQueries.list());
  const cities = useQuery({ ...cityQueries.list(), enabled: !target.city });
  const city = target.city ?? cities.data?.find((option) => option.slug === draft.citySlug);
  const bounds = dateBounds(now, city?.timeZone ?? "UTC");
  const currencies = currencyOptions(city?.country.currency);
  // The date and currency follow the city until the user picks their own.
  const settle = (values: ReportDraft) => ({
    ...values,
    date: values.date ?? bounds.max,
    currency: currencies.includes(values.currency) ? values.currency : (currencies[0] ?? ""),
  });
  const effective = settle(draft);
  const { mutation, refusal } = useFormSubmission({
    send: postPriceReport,
    event: { action: "price_report_submit", category: "reports" },
    failure: "Your report could not be sent. Please try again.",
    onSent: (message) => {
      setSentMessage(message);
      onSent();
    },
  });

  const update = (changes: Partial<ReportDraft>) => {
    const next = { ...draft, ...changes };
    onDraftChange(next);
    if (attempted) setErrors(validateReport(settle(next), bounds));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validateReport(effective, bounds);
    setAttempted(true);
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    mutation.mutate(toReportBody(effective, target.yard?.id));
  };

  if (sentMessage) return <SentMessage title="Report sent" message={sentMessage} />;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Report a price" className="relative space-y-4">
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
      {target.city ? (
        <PlaceLine label="City" value={`${target.city.name}, ${target.city.country.name}`} />
      ) : (
        <FormField id={fieldId("citySlug")} label="City" required error={errors.citySlug}>
          {(props) => (
            <select
              {...props}
              name="citySlug"
              value={draft.citySlug}
              onChange={(event) => update({ citySlug: event.target.value, currency: "" })}
            >
              <option value="">{cities.isPending ? "Loading cities..." : "Choose a city"}</option>
              {cities.data?.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}, {option.country.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {target.yard && <PlaceLine label="Scrap yard" value={target.yard.name} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={fieldId("price")} label="Price paid" required error={errors.price}>
          {(props) => (
            <input
              {...props}
              type="number"
              name="price"
              inputMode="decimal"
              min="0.01"
              max="1000000"
              step="any"
              value={draft.price}
              onChange={(event) => update({ price: event.target.value })}
            />
          )}
        </FormField>
        <FormField id={fieldId("currency")} label="Currency">
          {(props) => (
            <select
              {...props}
              name="currency"
              value={effective.currency}
              onChange={(event) => update({ currency: event.target.value })}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
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
      <FormField
        id={fieldId("date")}
        label="Date you were paid"
        required
        hint="Today or up to 14 days back."
        error={errors.date}
      >
        {(props) => (
          <input
            {...props}
            type="date"
            name="date"
            min={bounds.min}
            max={bounds.max}
            value={effective.date}
            onChange={(event) => update({ date: event.target.value })}
          />
        )}
      </FormField>
      <FormField id={fieldId("note")} label="Note (optional)" hint="Not published: only moderators read it.">
        {(props) => (
          <textarea
            {...props}
            name="note"
            rows={3}
            maxLength={NOTE_LIMIT}
            value={draft.note}
            onChange={(event) => update({ note: event.target.value })}
          />
        )}
      </FormField>
      <HoneypotField id={fieldId("website")} value={draft.website} onChange={(website) => update({ website })} />
      <FormAlert message={refusal} />
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
        <Send aria-hidden="true" className="h-4 w-4" />
        {mutation.isPending ? "Sending..." : "Send report"}
      </Button>
    </form>
  );
}

function PlaceLine({ label, value }: { label: string; value: string }) {
  return (
    <p className="text-sm">
      <span className="font-medium text-slate-900">{label}:</span> <span className="text-slate-700">{value}</span>
    </p>
  );
}
