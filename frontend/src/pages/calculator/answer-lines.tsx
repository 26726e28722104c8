import type { CalculatorAnswer, CalculatorLine } from "@/api/client";
import { newestDay, PRICE_KIND_LABELS, PriceProvenance } from "@/components/prices/price-provenance";
import { formatMoney } from "@/lib/format";
import { amountText, cityPriceText, storedPriceText, storedUnitOf } from "./answer-text";

const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";

/** A line's city price as the price tables' provenance reads it (kind, day, stale). */
function provenanceOf(price: NonNullable<CalculatorLine["cityPrice"]>) {
  return {
    source: { kind: price.kind, name: PRICE_KIND_LABELS[price.kind] },
    estimate: null,
    stale: price.stale,
    date: price.date,
  };
}

/** What the list is worth at the city's shown prices, line by line, with the yards' range. */
export function AnswerLines({ answer }: { answer: CalculatorAnswer }) {
  const { currency, name: city } = answer.city;
  const priced = answer.lines.flatMap((line) => (line.cityPrice ? [line.cityPrice] : []));
  const newest = newestDay(priced);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Your list at {city}'s prices</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Item
            </th>
            <th scope="col" className={TH}>
              {city} price
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Worth
            </th>
          </tr>
        </thead>
        <tbody>
          {answer.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list may name one material twice
            <tr key={index} className="border-b border-slate-100 align-top" data-testid="answer-line">
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                {line.material.name}
                <span className="block text-xs font-normal text-slate-600">{amountText(line)}</span>
              </th>
              <td className="px-3 py-2">
                {line.cityPrice ? (
                  <>
                    <span className="tabular-nums text-slate-900">{cityPriceText(line, currency)}</span>
                    <PriceProvenance row={provenanceOf(line.cityPrice)} newestDate={newest} />
                  </>
                ) : (
                  <span className="text-amber-800">No {city} price: counted as 0</span>
                )}
                {line.yardRange && (
                  <span className="mt-1 block text-xs text-slate-700" data-testid="yard-range">
                    Yards' own prices: {storedPriceText(line.yardRange.low, currency, storedUnitOf(line))} to{" "}
                    {storedPriceText(line.yardRange.high, currency, storedUnitOf(line))} ({line.yardRange.yards}{" "}
                    {line.yardRange.yards === 1 ? "yard posts" : "yards post"} a price)
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-right font-semibold tabular-nums text-slate-900">
                {line.value === null ? "—" : formatMoney(line.value, currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="px-3 py-2 text-left font-semibold text-slate-900">
              Total at {city}'s prices
            </th>
            <td className="px-3 py-2 text-right text-base font-bold tabular-nums text-slate-900">
              {formatMoney(answer.total, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
