import { Link } from "react-router";
import type { CalculatorAnswer, CalculatorYard, CalculatorYardLine } from "@/api/client";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/page-states";
import { formatDay, formatMoney } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { useMediaQuery } from "@/lib/use-media-query";
import { atText, distanceText, materialNames, storedPriceText, storedUnitOf } from "./answer-text";

/** Where the ranking is a table: a phone reads it as cards. */
const WIDE = "(min-width: 768px)";
/** How far the API looks for yards when the query names no radius. */
const RADIUS_KM = 50;
const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";

type Context = { answer: CalculatorAnswer; names: Map<string, string> };

function OpenAt({ yard, at }: { yard: CalculatorYard; at: string }) {
  const when = atText(at);
  if (yard.openAt === null) return <Badge>Hours unknown</Badge>;
  return yard.openAt ? <Badge tone="success">Open {when}</Badge> : <Badge tone="danger">Closed {when}</Badge>;
}

function Marks({ yard, names }: { yard: CalculatorYard; names: Map<string, string> }) {
  return (
    <>
      {yard.postedOn && <Badge tone="brand">Prices posted by the yard on {formatDay(yard.postedOn)}</Badge>}
      {yard.notAccepted.map((slug) => (
        <Badge key={slug} tone="warning">
          Doesn't take {names.get(slug) ?? slug}
        </Badge>
      ))}
    </>
  );
}

/** Whose price a yard's line is: the yard's own posted price, or the city's. */
function priceSource(line: CalculatorYardLine): string {
  if (line.kind === "yard") return PRICE_KIND_LABELS.yard;
  return line.kind ? `City price (${PRICE_KIND_LABELS[line.kind]})` : "No price";
}

/** The prices a yard's figure is made of, line by line. */
function YardLines({ yard, answer, names }: { yard: CalculatorYard } & Context) {
  const currency = answer.city.currency;
  const lines = answer.lines;
  return (
    <ul className="space-y-1 text-xs text-slate-700">
      {yard.lines.map((line, index) => {
        const material = lines[index]?.material ?? lines.find((l) => l.material.slug === line.materialSlug)?.material;
        const unit = material ? storedUnitOf({ material }) : "kg";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the yard's lines follow the list's, which may repeat a material
          <li key={index} className="flex flex-wrap justify-between gap-x-3">
            <span>
              <span className="font-medium text-slate-900">{names.get(line.materialSlug) ?? line.materialSlug}</span>
              {line.accepted === false ? (
                <span className="text-amber-800"> · doesn't take it</span>
              ) : (
                line.price && (
                  <>
                    {" · "}
                    {storedPriceText(line.price, currency, unit)} · {priceSource(line)}
                  </>
                )
              )}
            </span>
            <span className="tabular-nums">{line.value === null ? "—" : formatMoney(line.value, currency)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function YardName({ yard }: { yard: CalculatorYard }) {
  return (
    <Link to={yardPath(yard)} className="font-semibold text-brand-700 hover:underline">
      {yard.name}
    </Link>
  );
}

function YardCard({ yard, rank, answer, names }: { yard: CalculatorYard; rank: number } & Context) {
  const currency = answer.city.currency;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="ranked-yard">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold text-slate-600">#{rank}</p>
          <h3 className="text-base">
            <YardName yard={yard} />
          </h3>
          <p className="text-xs text-slate-600">{yard.address}</p>
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-600">Take-home</p>
          <p className="text-xl font-bold tabular-nums text-slate-900" data-net="">
            {formatMoney(yard.net, currency)}
          </p>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <OpenAt yard={yard} at={answer.at} />
        <Marks yard={yard} names={names} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">For your scrap</dt>
        <dd className="text-right tabular-nums">{formatMoney(yard.gross, currency)}</dd>
        <dt className="text-slate-600">Trip cost</dt>
        <dd className="text-right tabular-nums">−{formatMoney(yard.tripCost, currency)}</dd>
        <dt className="text-slate-600">Distance</dt>
        <dd className="text-right">{distanceText(yard.distance, answer.distanceUnit)}</dd>
      </dl>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Prices used</summary>
        <div className="mt-2">
          <YardLines yard={yard} answer={answer} names={names} />
        </div>
      </details>
    </li>
  );
}

function YardTable({ answer, names }: Context) {
  const currency = answer.city.currency;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Nearby yards, best take-home first</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              #
            </th>
            <th scope="col" className={TH}>
              Yard
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Distance
            </th>
            <th scope="col" className={`${TH} text-right`}>
              For your scrap
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Trip cost
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Take-home
            </th>
          </tr>
        </thead>
        <tbody>
          {answer.yards.map((yard, index) => (
            <tr key={yard.id} className="border-b border-slate-100 align-top" data-testid="ranked-yard">
              <td className="px-3 py-2 text-slate-600">{index + 1}</td>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <YardName yard={yard} />
                <span className="block text-xs text-slate-600">{yard.address}</span>
                <span className="mt-1 flex flex-wrap gap-1.5">
                  <OpenAt yard={yard} at={answer.at} />
                  <Marks yard={yard} names={names} />
                </span>
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs font-medium text-brand-700">Prices used</summary>
                  <div className="mt-1 max-w-md">
                    <YardLines yard={yard} answer={answer} names={names} />
                  </div>
                </details>
              </th>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {distanceText(yard.distance, answer.distanceUnit)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(yard.gross, currency)}</td>
              <td className="px-3 py-2 text-right tabular-nums">−{formatMoney(yard.tripCost, currency)}</td>
              <td className="px-3 py-2 text-right text-base font-bold tabular-nums" data-net="">
                {formatMoney(yard.net, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The nearby yards by what the visitor would take home: the yard's price for each line (its own
 * posted price where it has one, else the city's), less the round trip. Cards on a phone, a table
 * on a wider screen: one of the two, not both with one hidden.
 */
export function YardRanking({ answer }: { answer: CalculatorAnswer }) {
  const wide = useMediaQuery(WIDE);
  const names = materialNames(answer);
  if (answer.yards.length === 0) {
    return (
      <EmptyState
        title="No yards near enough to rank"
        hint={`No scrap yard we list is within ${RADIUS_KM} km of this place. The total above is still what your scrap is worth at the city's prices.`}
      />
    );
  }
  return (
    <>
      {wide !== true && (
        <ol className="space-y-3 md:hidden" aria-label="Nearby yards, best take-home first">
          {answer.yards.map((yard, index) => (
            <YardCard key={yard.id} yard={yard} rank={index + 1} answer={answer} names={names} />
          ))}
        </ol>
      )}
      {wide !== false && (
        <div className="hidden md:block">
          <YardTable answer={answer} names={names} />
        </div>
      )}
    </>
  );
}
