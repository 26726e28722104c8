import { UNIT_LABELS, UNITS } from "@/lib/format";
import { useUnit } from "@/lib/use-unit";

/**
 * kg / lb / tonne, remembered across visits. A focused (visually hidden) radio shows the site's
 * focus indicator on its label (index.css).
 */
export function UnitToggle() {
  const [unit, setUnit] = useUnit();
  return (
    <fieldset className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      <legend className="sr-only">Price unit</legend>
      {UNITS.map((option) => (
        <label
          key={option}
          className={`cursor-pointer rounded px-2.5 py-1 ${
            unit === option ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          <input
            type="radio"
            name="price-unit"
            value={option}
            checked={unit === option}
            onChange={() => setUnit(option)}
            className="sr-only"
          />
          {UNIT_LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
}
