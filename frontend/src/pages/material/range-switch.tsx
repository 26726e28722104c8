import { useId } from "react";
import { HISTORY_RANGES, type HistoryRange, RANGE_LABELS } from "./history-range";

/** 30 days / 90 days / 1 year / All: one radio group, so arrow keys move the choice. */
export function RangeSwitch({ value, onChange }: { value: HistoryRange; onChange: (range: HistoryRange) => void }) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      <legend className="sr-only">Time range</legend>
      {HISTORY_RANGES.map((option) => (
        <label
          key={option}
          className={`cursor-pointer rounded px-2.5 py-1 whitespace-nowrap has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
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
          {RANGE_LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
}
