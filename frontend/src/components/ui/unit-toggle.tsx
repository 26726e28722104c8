import { useId } from "react";
import { type SaleUnit, TROY_UNITS, UNIT_LABELS, type Unit, WEIGHT_UNITS } from "@/lib/format";
import { useTroyUnit, useUnit } from "@/lib/use-unit";

/**
 * The unit toggle offers only what fits, remembered across visits: kg / lb / tonne for prices of
 * materials sold by weight (the default: pages of many materials), per troy oz / per kg on a
 * precious metal's page, and no choice at all for a material sold by the piece.
 */
export function UnitToggle({ saleUnit = "kg" }: { saleUnit?: SaleUnit }) {
  if (saleUnit === "piece") return <p className="text-sm font-medium text-slate-700">Priced per piece</p>;
  return saleUnit === "troy_oz" ? <TroyToggle /> : <WeightToggle />;
}

function WeightToggle() {
  const [unit, setUnit] = useUnit();
  return <Choices options={WEIGHT_UNITS} value={unit} onChange={setUnit} />;
}

function TroyToggle() {
  const [unit, setUnit] = useTroyUnit();
  return <Choices options={TROY_UNITS} value={unit} onChange={setUnit} />;
}

/**
 * A focused (visually hidden) radio shows the site's focus indicator on its label (index.css). Each
 * toggle's radios are a group of their own (a troy toggle's per kg is not a weight toggle's).
 */
function Choices<T extends Unit>({
  options,
  value,
  onChange,
}: {
  options: readonly T[];
  value: T;
  onChange: (unit: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      <legend className="sr-only">Price unit</legend>
      {options.map((option) => (
        <label
          key={option}
          className={`cursor-pointer rounded px-2.5 py-1 ${
            value === option ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          {UNIT_LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
}
