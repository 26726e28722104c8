import { Send } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "@/api/client";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Button } from "@/components/ui/button";
import { currencySymbol, formatDate, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { useUnitFor } from "@/lib/use-unit";
import { useConsoleAction } from "../api/queries";
import type { MyYard, OwnerMaterial } from "../api/types";
import { postMyPrices } from "../api/yard-owner-actions";
import {
  boardMaterials,
  changeUnit,
  newRow,
  type PostingRow,
  problemsByRow,
  rowProblems,
  toPostBody,
} from "./posting-draft";
import { refusalProblems } from "./refusal";

const INPUT =
  "h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base text-slate-900 tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700";
const fieldId = (slug: string) => `post-price-${slug}`;

/**
 * Today's buying prices, typed on a phone: one row per material the yard buys or has posted,
 * the previous price prefilled in the unit chosen, a row left empty not posted. The server's
 * publish checks refuse a board whole: each problem is said at the top and on its row.
 */
export function PricePosting({ detail }: { detail: MyYard }) {
  const unitFor = useUnitFor();
  const [rows, setRows] = useState<PostingRow[]>(() => boardMaterials(detail).map((m) => newRow(m, unitFor)));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [topProblem, setTopProblem] = useState<string | null>(null);
  const [posted, setPosted] = useState<{ count: number; day: string } | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const post = useConsoleAction(postMyPrices);
  const { yard, today } = detail;
  const materialOf = (slug: string) => detail.materials.find((material) => material.slug === slug);
  const refused = refusalProblems(post.error);

  const update = (slug: string, change: (row: PostingRow) => PostingRow) => {
    setPosted(null);
    setErrors(({ [slug]: _fixed, ...others }) => others); // its problem goes as it is changed
    setRows((current) => current.map((row) => (row.slug === slug ? change(row) : row)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (post.isPending) return;
    post.reset();
    setPosted(null);
    const found = rowProblems(rows);
    const body = toPostBody(rows, detail.materials);
    setErrors(Object.fromEntries(Object.entries(found).map(([slug, problem]) => [slug, [problem]])));
    const first = rows.find((row) => found[row.slug]);
    if (first) {
      setTopProblem("Some prices need a fix: see below.");
      document.getElementById(fieldId(first.slug))?.focus();
      return;
    }
    if (body.length === 0) {
      setTopProblem("Type at least one price to post.");
      summary.current?.focus();
      return;
    }
    setTopProblem(null);
    post.mutate(
      { id: yard.id, prices: body },
      {
        onSuccess: (next) => {
          setErrors({});
          setPosted({ count: body.length, day: next.today });
          // The board as stored: what was typed is now the previous price, prefilled.
          setRows(boardMaterials(next).map((m) => newRow(m, unitFor)));
        },
        onError: (error) => {
          setErrors(problemsByRow(refusalProblems(error), body, detail.materials));
          summary.current?.focus();
        },
      },
    );
  };

  const addable = detail.materials.filter((material) => !rows.some((row) => row.slug === material.slug));

  return (
    <section aria-labelledby="post-heading" className="space-y-4">
      <div>
        <h2 id="post-heading" className="text-xl font-semibold text-slate-900">
          Today&apos;s prices
        </h2>
        <p className="text-sm text-slate-600">
          What {yard.name} pays today, {formatDate(today)}, in {yard.currency}. Leave a material empty to skip it.
          Posted prices show on your yard&apos;s page for {detail.maxAgeDays} days.
        </p>
      </div>
      <div ref={summary} tabIndex={-1} className="space-y-2 focus:outline-none">
        {posted && (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            Posted {posted.count} {posted.count === 1 ? "price" : "prices"} for {formatDate(posted.day)}. Your
            yard&apos;s page shows them as posted by the yard on {formatDate(posted.day)}.{" "}
            <Link to={yardPath(yard)} className="font-medium underline">
              See your yard&apos;s page
            </Link>
          </p>
        )}
        <div role="alert">
          {(topProblem || post.error) && (
            <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">
                {topProblem ?? (refused.length ? "The prices were not posted:" : errorMessage(post.error))}
              </p>
              {!topProblem && refused.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {refused.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </div>
      <form noValidate onSubmit={submit} aria-label="Post today's prices" className="space-y-3">
        <ul className="space-y-3">
          {rows.map((row) => {
            const material = materialOf(row.slug);
            if (!material) return null;
            return (
              <li key={row.slug}>
                <PriceRow
                  material={material}
                  row={row}
                  currency={yard.currency}
                  errors={errors[row.slug] ?? []}
                  onPrice={(price) => update(row.slug, (current) => ({ ...current, price, prefilled: false }))}
                  onUnit={(unit) => update(row.slug, (current) => changeUnit(current, material, unit))}
                />
              </li>
            );
          })}
        </ul>
        {addable.length > 0 && (
          <AddMaterial
            materials={addable}
            onAdd={(material) => {
              setRows((current) => [...current, newRow(material, unitFor)]);
              // The new row's price, once rendered.
              requestAnimationFrame(() => document.getElementById(fieldId(material.slug))?.focus());
            }}
          />
        )}
        <div className="sticky bottom-0 -mx-1 border-t border-slate-200 bg-white/95 px-1 py-3">
          <Button type="submit" size="lg" aria-disabled={post.isPending || undefined} className="w-full sm:w-auto">
            <Send aria-hidden="true" className="h-4 w-4" />
            {post.isPending ? "Posting…" : "Post today's prices"}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PriceRow({
  material,
  row,
  currency,
  errors,
  onPrice,
  onUnit,
}: {
  material: OwnerMaterial;
  row: PostingRow;
  currency: string;
  errors: string[];
  onPrice: (price: string) => void;
  onUnit: (unit: Unit) => void;
}) {
  const id = fieldId(material.slug);
  const units = material.units.filter((unit): unit is Unit => Object.hasOwn(UNIT_LABELS, unit));
  const hints = [
    material.lastPosted
      ? `Last posted ${formatPrice(material.lastPosted.priceExact, currency, row.unit)} ${UNIT_LABELS[row.unit]} on ${formatDate(material.lastPosted.date)}`
      : "Not posted before",
    material.cityPrice
      ? `City: ${formatPrice(material.cityPrice.priceExact, currency, row.unit)} (${PRICE_KIND_LABELS[material.cityPrice.kind]}, ${formatDate(material.cityPrice.date)})`
      : "",
  ].filter(Boolean);
  const described = [`${id}-hint`, errors.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div
      className={`rounded-lg border p-3 ${errors.length ? "border-red-300 bg-red-50/40" : "border-slate-200 bg-white"}`}
    >
      <label htmlFor={id} className="block font-medium text-slate-900">
        {material.name}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <span aria-hidden="true" className="text-slate-600">
          {currencySymbol(currency).trim()}
        </span>
        <input
          id={id}
          name={material.slug}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="next"
          placeholder="0.00"
          value={row.price}
          onChange={(event) => onPrice(event.target.value)}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={described}
          className={`${INPUT} ${errors.length ? "border-red-600" : "border-slate-300"}`}
        />
        {units.length > 1 ? (
          <select
            aria-label={`Unit for ${material.name}`}
            value={row.unit}
            onChange={(event) => onUnit(units.find((unit) => unit === event.target.value) ?? row.unit)}
            className="h-11 shrink-0 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {units.map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </option>
            ))}
          </select>
        ) : (
          <span className="shrink-0 text-sm text-slate-700">{UNIT_LABELS[row.unit]}</span>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hints.join(" · ")}
      </p>
      {errors.length > 0 && (
        <ul id={`${id}-error`} className="mt-1 space-y-0.5 text-sm text-red-700">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddMaterial({ materials, onAdd }: { materials: OwnerMaterial[]; onAdd: (material: OwnerMaterial) => void }) {
  const id = useId();
  const [slug, setSlug] = useState("");
  const add = () => {
    const material = materials.find((candidate) => candidate.slug === slug);
    if (!material) return;
    setSlug("");
    onAdd(material);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Add a material
        </label>
        <select
          id={id}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          className="h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <option value="">Choose a material</option>
          {materials.map((material) => (
            <option key={material.slug} value={material.slug}>
              {material.name}
            </option>
          ))}
        </select>
      </div>
      <Button variant="outline" className="h-11" onClick={add} disabled={!slug}>
        Add
      </Button>
    </div>
  );
}
