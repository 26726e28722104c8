import type { ReactNode } from "react";
import { UNIT_LABELS, UNITS, type Unit } from "@/lib/format";
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

type UnitInput = { id: string; value: Unit; onChange: (unit: Unit) => void };

/**
 * A price and the unit it is per, side by side from sm: up: the required price field, then
 * `children` (the report's currency), then the unit's list.
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
      <FormField id={unit.id} label="Unit">
        {(props) => (
          <select
            {...props}
            name="unit"
            value={unit.value}
            onChange={(event) => unit.onChange(UNITS.find((option) => option === event.target.value) ?? unit.value)}
          >
            {UNITS.map((option) => (
              <option key={option} value={option}>
                {UNIT_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
