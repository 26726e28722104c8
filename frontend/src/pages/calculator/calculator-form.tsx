import { Calculator, LocateFixed, Plus, X } from "lucide-react";
import { useId } from "react";
import type { CalculatorAnswer, Material } from "@/api/client";
import { FormField } from "@/components/forms/form-field";
import type { GivenUnit } from "@/components/forms/use-given-unit";
import { Button } from "@/components/ui/button";
import { distanceUnit } from "@/components/yards/distance";
import { currencySymbol, formatDate } from "@/lib/format";
import { perDistanceText } from "./answer-text";
import type { Draft, DraftItem, Problems } from "./calculator-draft";
import { newItem } from "./calculator-draft";
import { MAX_ITEMS } from "./calculator-url";
import { type CityChoice, CityPicker } from "./city-picker";
import { ItemRow } from "./item-row";
import { LOCATION_PROBLEMS, type Locating } from "./use-visitor-location";

const SECTION = "space-y-3";
const SECTION_TITLE = "text-base font-semibold text-slate-900";

type Props = {
  draft: Draft;
  onDraft: (draft: Draft) => void;
  materials: readonly Material[];
  cities: readonly (CityChoice & { country: { currency: string } })[];
  unitOf: (item: DraftItem) => GivenUnit;
  /** "How to tell" hints by material, from the last answer. */
  hints: ReadonlyMap<string, string | null>;
  problems: Problems;
  locating: Locating;
  onLocate: () => void;
  onForgetLocation: () => void;
  /** The last answer, for the trip cost's default and where it comes from. */
  answer: CalculatorAnswer | undefined;
  onSubmit: () => void;
};

export function CalculatorForm(props: Props) {
  const { draft, onDraft, materials, cities, unitOf, hints, problems, locating, answer } = props;
  const id = useId();
  const city = cities.find((item) => item.slug === draft.city);
  const located = !draft.city && locating === "found";
  const country = city?.country.code ?? answer?.city.countryCode;
  const perUnit = (answer?.distanceUnit ?? distanceUnit(country ?? "")) === "mi" ? "mile" : "km";
  const currency = city?.country.currency ?? answer?.city.currency;

  const setItem = (key: string, changes: Partial<DraftItem>) =>
    onDraft({ ...draft, items: draft.items.map((item) => (item.key === key ? { ...item, ...changes } : item)) });
  const removeItem = (key: string) => onDraft({ ...draft, items: draft.items.filter((item) => item.key !== key) });
  const cityError = problems.city ?? LOCATION_PROBLEMS[locating];

  return (
    <form
      noValidate
      aria-label="Your scrap"
      // A container: its lines lay out by the form's width (a column beside the answer on a wide screen).
      className="@container space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 print:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <section aria-labelledby={`${id}-items`} className={SECTION}>
        <h2 id={`${id}-items`} className={SECTION_TITLE}>
          What do you have?
        </h2>
        {draft.items.map((item, index) => (
          <ItemRow
            key={item.key}
            item={item}
            index={index}
            materials={materials}
            unit={unitOf(item)}
            hint={hints.get(item.material) ?? null}
            problem={problems[item.key]}
            onChange={(changes) => setItem(item.key, changes)}
            onRemove={draft.items.length > 1 ? () => removeItem(item.key) : null}
          />
        ))}
        {problems.list && (
          <p id={`${id}-list-error`} className="text-sm text-red-700">
            {problems.list}
          </p>
        )}
        <Button
          variant="outline"
          disabled={draft.items.length >= MAX_ITEMS}
          aria-describedby={problems.list ? `${id}-list-error` : undefined}
          onClick={() => onDraft({ ...draft, items: [...draft.items, newItem()] })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Add another item
        </Button>
      </section>

      <section aria-labelledby={`${id}-place`} className={SECTION}>
        <h2 id={`${id}-place`} className={SECTION_TITLE}>
          Where are you?
        </h2>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div className="space-y-1">
            <label htmlFor={`${id}-city`} className="block text-sm font-medium text-slate-900">
              Your city
            </label>
            <CityPicker
              id={`${id}-city`}
              cities={cities}
              value={draft.city}
              onChange={(slug) => {
                onDraft({ ...draft, city: slug });
                props.onForgetLocation();
              }}
              placeholder={located ? "Your location" : "Type to find your city"}
              describedBy={cityError ? `${id}-city-error` : undefined}
              invalid={Boolean(problems.city)}
            />
          </div>
          <Button variant="outline" onClick={props.onLocate} disabled={locating === "locating"}>
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {locating === "locating" ? "Finding you…" : "Use my location"}
          </Button>
        </div>
        <div aria-live="polite" className="text-sm">
          {cityError && (
            <p id={`${id}-city-error`} className="text-red-700">
              {cityError}
            </p>
          )}
          {located && (
            <p className="flex flex-wrap items-center gap-2 text-slate-700">
              Using your location: yards are ranked from where you are; prices are the nearest city's.
              <Button variant="ghost" size="sm" onClick={props.onForgetLocation}>
                <X aria-hidden="true" className="h-4 w-4" /> Stop using my location
              </Button>
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby={`${id}-trip`} className={SECTION}>
        <h2 id={`${id}-trip`} className={SECTION_TITLE}>
          Your trip
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-cost`}
            label={`Trip cost per ${perUnit}${currency ? ` (${currencySymbol(currency).trim()})` : ""}`}
            hint={tripCostHint(answer, perUnit)}
            error={problems.costPerDistance}
          >
            {(field) => (
              <input
                {...field}
                name="costPerDistance"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder={answer && String(Number(answer.tripCost.defaultPerDistance))}
                value={draft.costPerDistance}
                onChange={(event) => onDraft({ ...draft, costPerDistance: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-at`}
            label="When you would go"
            hint="For which yards are open then, on the city's clock. Empty: now."
            error={problems.at}
          >
            {(field) => (
              <input
                {...field}
                name="at"
                type="datetime-local"
                value={draft.at}
                onChange={(event) => onDraft({ ...draft, at: event.target.value })}
              />
            )}
          </FormField>
        </div>
        {answer && <TripCostSource answer={answer} />}
      </section>

      <Button type="submit" size="lg" className="w-full sm:w-auto">
        <Calculator aria-hidden="true" className="h-5 w-5" /> Work it out
      </Button>
    </form>
  );
}

function tripCostHint(answer: CalculatorAnswer | undefined, perUnit: string): string {
  if (!answer) return "Empty: your country's usual figure, shown with its source once worked out.";
  const usual = perDistanceText(answer.tripCost.defaultPerDistance, answer.city.currency);
  return `Empty: ${usual} per ${perUnit}, the figure below. Both ways are counted.`;
}

/** Where the default trip cost comes from: its basis, its source (a link) and its date. */
function TripCostSource({ answer }: { answer: CalculatorAnswer }) {
  const { basis, sourceName, sourceUrl, asOf } = answer.tripCost;
  return (
    <p className="text-xs text-slate-700" data-testid="trip-cost-source">
      {basis}{" "}
      <a href={sourceUrl} className="font-medium text-brand-700 underline" rel="noopener noreferrer">
        {sourceName}
      </a>
      , as of {formatDate(asOf)}.
    </p>
  );
}
