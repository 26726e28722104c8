import type { ReactNode } from "react";
import { UNIT_LABELS, type Unit } from "@/lib/format";
import { MAX_PRICE } from "./checks";
import { FormField } from "./form-field";

type PriceInput = {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
};

type UnitInput = {
  id: string;
  value: Unit;
  /** The units the material's price may be given in (lib/format's givenUnits); the first leads. */
  options: readonly Unit[];
  onChange: (unit: Unit) => void;
};

/**
 * A price and the unit it is per, side by side from sm: up: the required price field, then
 * `children` (the report's currency), then the unit's list, or the one unit when there is no
 * choice (a catalytic converter's price is per piece).
 */
export function PriceWithUnitField({
  price,
  unit,
  children,
}: {
  price: PriceInput;
  unit: UnitInput;
  children?: ReactNode;
}) {
  return (
    <div className={`grid gap-4 ${children ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
      <FormField id={price.id} label={price.label} required hint={price.hint} error={price.error}>
        {(props) => (
          <input
            {...props}
            type="number"
            name={price.name}
            inputMode="decimal"
            min="0.01"
            max={MAX_PRICE}
            step="any"
            value={price.value}
            onChange={(event) => price.onChange(event.target.value)}
          />
        )}
      </FormField>
      {children}
      {unit.options.length > 1 ? <UnitSelect unit={unit} /> : <OnlyUnit unit={unit.value} />}
    </div>
  );
}

function UnitSelect({ unit }: { unit: UnitInput }) {
  return (
    <FormField id={unit.id} label="Unit">
      {(props) => (
        <select
          {...props}
          name="unit"
          value={unit.value}
          onChange={(event) =>
            unit.onChange(unit.options.find((option) => option === event.target.value) ?? unit.value)
          }
        >
          {unit.options.map((option) => (
            <option key={option} value={option}>
              {UNIT_LABELS[option]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** No choice to offer: the unit is said, not asked. */
function OnlyUnit({ unit }: { unit: Unit }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-900">Unit</p>
      <p className="py-2 text-sm text-slate-900">{UNIT_LABELS[unit]}</p>
    </div>
  );
}
