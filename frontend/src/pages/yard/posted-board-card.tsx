import { Link } from "react-router";
import type { Schemas } from "@/api/client";
import { UnitMark } from "@/components/prices/unit-mark";
import { tableUnitLabel } from "@/components/prices/units";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatDate, formatPrice } from "@/lib/format";
import { materialPath } from "@/lib/paths";
import { useUnit, useUnitFor } from "@/lib/use-unit";

type PostedBoard = Schemas["PostedBoard"];

type Props = {
  yardName: string;
  currency: string;
  /** The yard's current board (its newest posted prices, none older than the set age); null: none. */
  board: PostedBoard | null;
  /** The newest day the yard posted prices, even when no longer current. */
  lastPostedOn: string | null;
};

/**
 * The prices the yard posted itself (kind "yard"), each in the visitor's unit. Without a current
 * board, only when it last posted, if ever: an old board is never shown as today's prices.
 */
export function PostedBoardCard({ yardName, currency, board, lastPostedOn }: Props) {
  if (!board || board.prices.length === 0) {
    if (!lastPostedOn) return null;
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        The yard last posted prices on {formatDate(lastPostedOn)}. Those are no longer current: call ahead for
        today&apos;s.
      </p>
    );
  }
  return <Board yardName={yardName} currency={currency} board={board} />;
}

function Board({ yardName, currency, board }: { yardName: string; currency: string; board: PostedBoard }) {
  const [unit] = useUnit();
  const unitFor = useUnitFor();
  const rows = board.prices.map((row) => ({ ...row, shown: unitFor(row.material.saleUnit) }));
  const label = tableUnitLabel(
    unit,
    rows.map((row) => row.shown),
  );
  return (
    <Card className="border-brand-100">
      <CardHeader className="space-y-1">
        <CardTitle>Prices posted by {yardName}</CardTitle>
        <p className="text-sm text-slate-700">
          Posted by the yard on {formatDate(board.postedOn)}: what it says it pays, {label}.
        </p>
        <UnitToggle />
      </CardHeader>
      <CardContent>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Buying prices posted by {yardName} on {formatDate(board.postedOn)}, {label}
          </caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Material
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Yard&apos;s price
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.material.slug}>
                <th scope="row" className="py-2 pr-3 font-normal">
                  <Link to={materialPath(row.material)} className="font-medium text-brand-700 hover:underline">
                    {row.material.name}
                  </Link>
                  {row.date !== board.postedOn && (
                    <span className="block text-xs text-slate-600">posted {formatDate(row.date)}</span>
                  )}
                </th>
                <td className="py-2 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatPrice(row.priceExact, currency, row.shown)}
                  <UnitMark unit={row.shown} tableUnit={unit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-600">
          Source: {yardName} (posted by the yard). The city&apos;s prices below are the market view, not this
          yard&apos;s.
        </p>
      </CardContent>
    </Card>
  );
}
