import { Trash2 } from "lucide-react";
import type { Material } from "@/api/client";
import { CONTROL_CLASSES } from "@/components/forms/form-field";
import type { GivenUnit } from "@/components/forms/use-given-unit";
import { Button } from "@/components/ui/button";
import type { Unit } from "@/lib/format";
import { amountProblem, type DraftItem } from "./calculator-draft";

/** How an amount's unit reads after it: "12 kg", "3 pieces". */
export const AMOUNT_UNITS: Record<Unit, string> = {
  kg: "kg",
  lb: "lb",
  t: "tonnes",
  ozt: "troy oz",
  piece: "pieces",
};

/** The materials by category, in the order the API lists them. */
export function byCategory(materials: readonly Material[]): [string, Material[]][] {
  const groups = new Map<string, Material[]>();
  for (const material of materials) groups.set(material.category, [...(groups.get(material.category) ?? []), material]);
  return [...groups];
}

const control = (invalid: boolean) => `${CONTROL_CLASSES} h-10 ${invalid ? "border-red-600" : "border-slate-300"}`;

type Props = {
  item: DraftItem;
  index: number;
  materials: readonly Material[];
  unit: GivenUnit;
  /** "How to tell" this grade, from the last answer. */
  hint: string | null;
  problem: string | undefined;
  onChange: (changes: Partial<DraftItem>) => void;
  onRemove: (() => void) | null;
};

/** One line of the list: what it is, how much, in which unit (the material's own units only). */
export function ItemRow({ item, index, materials, unit, hint, problem, onChange, onRemove }: Props) {
  const id = item.key;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // Which control the problem is about: the choice, the amount, or (the API's word) the line.
  const badMaterial = problem !== undefined && (!item.material || amountProblem(item.amount, unit.unit) === undefined);
  const badAmount = problem !== undefined && !badMaterial;
  const described = (own: string | false) => [problem && errorId, own].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="rounded-md border border-slate-200 p-3" data-testid="calculator-item">
      <legend className="px-1 text-sm font-semibold text-slate-900">Item {index + 1}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-3 @xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="col-span-3 space-y-1 @xl:col-span-1">
          <label htmlFor={`${id}-material`} className="block text-sm font-medium text-slate-900">
            Material
          </label>
          <select
            id={`${id}-material`}
            name="material"
            value={item.material}
            aria-invalid={badMaterial || undefined}
            aria-describedby={described(hint !== null && hintId)}
            onChange={(event) => onChange({ material: event.target.value })}
            className={control(badMaterial)}
          >
            <option value="">Choose a material</option>
            {byCategory(materials).map(([category, group]) => (
              <optgroup key={category} label={category}>
                {group.map((material) => (
                  <option key={material.slug} value={material.slug}>
                    {material.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-900">
            Amount
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={item.amount}
            aria-invalid={badAmount || undefined}
            aria-describedby={described(false)}
            onChange={(event) => onChange({ amount: event.target.value })}
            className={control(badAmount)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-unit`} className="block text-sm font-medium text-slate-900">
            Unit
          </label>
          <select
            id={`${id}-unit`}
            name="unit"
            value={unit.unit}
            onChange={(event) => onChange({ unit: event.target.value })}
            className={control(false)}
          >
            {unit.options.map((option) => (
              <option key={option} value={option}>
                {AMOUNT_UNITS[option]}
              </option>
            ))}
          </select>
        </div>
        {onRemove && (
          <Button variant="ghost" className="print:hidden" onClick={onRemove} aria-label={`Remove item ${index + 1}`}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-2 text-xs text-slate-700">
          <span className="font-semibold">How to tell:</span> {hint}
        </p>
      )}
      {problem && (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
