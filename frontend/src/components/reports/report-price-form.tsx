import { useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { cityQueries } from "@/api/queries";
import { FormActions, MaterialField, NoteField } from "@/components/forms/fields";
import { FormField } from "@/components/forms/form-field";
import { SentMessage } from "@/components/forms/form-messages";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { PriceWithUnitField } from "@/components/forms/price-with-unit-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { useGivenUnit } from "@/components/forms/use-given-unit";
import { postPriceReport } from "./api";
import {
  currencyOptions,
  dateBounds,
  NOTE_LIMIT,
  type ReportDraft,
  type SettledReport,
  toReportBody,
  validateReport,
} from "./report-draft";
import type { ReportTarget } from "./types";

const fieldId = (name: keyof ReportDraft) => `report-${name}`;
const FIELD_ORDER = ["materialSlug", "citySlug", "price", "date"] as const;

export function initialReportDraft(target: ReportTarget): ReportDraft {
  return {
    materialSlug: target.materialSlug ?? "",
    citySlug: target.city?.slug ?? target.citySlug ?? "",
    price: "",
    unit: null,
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
  const cities = useQuery({ ...cityQueries.list(), enabled: !target.city });
  const city = target.city ?? cities.data?.find((option) => option.slug === draft.citySlug);
  const bounds = dateBounds(now, city?.timeZone ?? "UTC");
  const currencies = currencyOptions(city?.country.currency);
  const unitOf = useGivenUnit();
  const unit = unitOf(draft.materialSlug, draft.unit);
  // The date and currency follow the city, the unit the material, until the user picks their own.
  const settle = (values: ReportDraft): SettledReport => ({
    ...values,
    date: values.date ?? bounds.max,
    unit: unitOf(values.materialSlug, values.unit).unit,
    currency: currencies.includes(values.currency) ? values.currency : (currencies[0] ?? ""),
  });
  const effective = settle(draft);
  const { errors, update, onSubmit, pending, refusal, sentMessage } = useFormSubmission({
    draft,
    onDraftChange,
    validate: (values) => validateReport(settle(values), bounds),
    fieldOrder: FIELD_ORDER,
    fieldId,
    toBody: (values) => toReportBody(settle(values), target.yard?.id),
    send: postPriceReport,
    event: { action: "price_report_submit", category: "reports" },
    failure: "Your report could not be sent. Please try again.",
    onSent,
  });

  if (sentMessage) return <SentMessage title="Report sent" message={sentMessage} />;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Report a price" className="relative space-y-4">
      <MaterialField
        id={fieldId("materialSlug")}
        error={errors.materialSlug}
        value={draft.materialSlug}
        onChange={(materialSlug) => update({ materialSlug })}
      />
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
      <PriceWithUnitField
        price={{
          id: fieldId("price"),
          name: "price",
          label: "Price paid",
          error: errors.price,
          value: draft.price,
          onChange: (price) => update({ price }),
        }}
        unit={{
          id: fieldId("unit"),
          value: unit.unit,
          options: unit.options,
          onChange: (picked) => update({ unit: picked }),
        }}
      >
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
      </PriceWithUnitField>
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
      <NoteField
        id={fieldId("note")}
        hint="Not published: only moderators read it."
        limit={NOTE_LIMIT}
        value={draft.note}
        onChange={(note) => update({ note })}
      />
      <HoneypotField id={fieldId("website")} value={draft.website} onChange={(website) => update({ website })} />
      <FormActions refusal={refusal} pending={pending} icon={Send} label="Send report" />
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
