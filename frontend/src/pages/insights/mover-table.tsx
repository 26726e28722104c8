import { MapPin } from "lucide-react";
import { Link } from "react-router";
import type { Mover } from "@/api/client";
import { UnitMark } from "@/components/prices/unit-mark";
import { formatDate, formatPrice, type UnitFor, type WeightUnit } from "@/lib/format";
import { cityPath, materialPath } from "@/lib/paths";
import { ChangeCell } from "./change-cell";

const CELL = "px-1.5 py-2 sm:px-3";

type Props = {
  movers: Mover[];
  label: string;
  /** The weight chosen: a row in another unit (a piece, a troy oz) says its own. */
  unit: WeightUnit;
  unitFor: UnitFor;
};

/** Risers or fallers of one country: material and city, the price a week ago and now, the change. */
export function MoverTable({ movers, label, unit, unitFor }: Props) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table aria-label={label} className="w-full min-w-[20rem] text-left text-[13px] sm:text-sm">
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className={`${CELL} font-semibold`}>
              Material / City
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold whitespace-nowrap`}>
              Week Ago
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold whitespace-nowrap`}>
              Now
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold whitespace-nowrap`}>
              Change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {movers.map((mover) => {
            const moverUnit = unitFor(mover.material.saleUnit);
            return (
              <tr key={`${mover.material.id}:${mover.city.id}`} className="hover:bg-slate-50">
                <th scope="row" className={`${CELL} font-normal`}>
                  <Link to={materialPath(mover.material)} className="font-medium text-brand-700 hover:underline">
                    {mover.material.name}
                  </Link>
                  <Link
                    to={cityPath(mover.city)}
                    className="mt-0.5 flex w-fit items-center gap-1 text-xs text-slate-700 hover:text-brand-700 hover:underline"
                  >
                    <MapPin aria-hidden="true" className="h-3 w-3 shrink-0" />
                    {mover.city.name}
                  </Link>
                </th>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums text-slate-700`}>
                  <span title={formatDate(mover.weekAgoDate)}>
                    {formatPrice(mover.weekAgoPriceExact, mover.currency, moverUnit)}
                  </span>
                </td>
                <td className={`${CELL} text-right font-semibold whitespace-nowrap tabular-nums`}>
                  <span title={formatDate(mover.date)}>{formatPrice(mover.priceExact, mover.currency, moverUnit)}</span>
                  <UnitMark unit={moverUnit} tableUnit={unit} />
                </td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                  <ChangeCell percent={mover.changePercent} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
