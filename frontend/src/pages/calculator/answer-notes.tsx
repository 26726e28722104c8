import { Lightbulb } from "lucide-react";
import type { CalculatorAnswer } from "@/api/client";
import { formatDate, formatMoney } from "@/lib/format";
import { perDistanceText } from "./answer-text";

/** Tips worked out from this list (stripping wire, sorting a mixed load), each with what it adds. */
export function Tips({ answer }: { answer: CalculatorAnswer }) {
  if (answer.tips.length === 0) return null;
  return (
    <section aria-labelledby="calculator-tips" className="rounded-lg border border-brand-100 bg-brand-50 p-4">
      <h2 id="calculator-tips" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Lightbulb aria-hidden="true" className="h-5 w-5 text-brand-700" /> Worth knowing
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-slate-800">
        {answer.tips.map((tip) => (
          <li key={`${tip.kind}-${tip.materialSlug}`} data-testid="calculator-tip">
            <span className="mr-2 inline-block rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-800 tabular-nums">
              +{formatMoney(tip.gain, answer.city.currency)}
            </span>
            {tip.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the figures take for granted (the API's own words), and where the trip's cost comes from. */
export function Assumptions({ answer }: { answer: CalculatorAnswer }) {
  const { tripCost } = answer;
  return (
    <section aria-labelledby="calculator-assumptions" className="space-y-2">
      <h2 id="calculator-assumptions" className="text-lg font-semibold text-slate-900">
        How this was worked out
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="calculator-assumptions">
        {answer.assumptions.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        The usual trip cost, {perDistanceText(tripCost.defaultPerDistance, answer.city.currency)} per{" "}
        {answer.distanceUnit === "mi" ? "mile" : "km"}:{" "}
        <a href={tripCost.sourceUrl} className="font-medium text-brand-700 underline" rel="noopener noreferrer">
          {tripCost.sourceName}
        </a>
        , as of {formatDate(tripCost.asOf)}.
      </p>
    </section>
  );
}
