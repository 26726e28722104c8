import { Link } from "react-router";
import type { Insights } from "@/api/client";
import { UnitMark } from "@/components/prices/unit-mark";
import { tableUnitTitle } from "@/components/prices/units";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatPrice, type UnitFor, type WeightUnit } from "@/lib/format";
import { materialPath } from "@/lib/paths";

const CELL = "px-1.5 py-2 sm:px-3";

/**
 * Materials priced in the most cities, with their cross-country average converted to USD: shown
 * in the material's unit (the weight chosen, unless marked) from averagePriceUsdExact (four
 * decimals a kg, or a piece), not the figure to the cent.
 */
export function MostTrackedCard({
  materials,
  unit,
  unitFor,
}: {
  materials: Insights["mostTracked"];
  unit: WeightUnit;
  unitFor: UnitFor;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Most Tracked Materials (
          {tableUnitTitle(
            unit,
            materials.map(({ material }) => unitFor(material.saleUnit)),
          )}
          )
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="-mx-4 overflow-x-auto sm:mx-0">
          <table aria-label="Most tracked materials" className="w-full min-w-[24rem] text-left text-[13px] sm:text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className={`${CELL} font-semibold`}>
                  Material
                </th>
                <th scope="col" className={`${CELL} text-right font-semibold whitespace-nowrap`}>
                  Cities Tracked
                </th>
                <th scope="col" className={`${CELL} text-right font-semibold whitespace-nowrap`}>
                  Countries
                </th>
                <th scope="col" className={`${CELL} text-right font-semibold whitespace-nowrap`}>
                  Average (USD)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {materials.map(({ material, cityCount, countryCount, averagePriceUsdExact }) => (
                <tr key={material.id} className="hover:bg-slate-50">
                  <th scope="row" className={`${CELL} font-normal`}>
                    <Link to={materialPath(material)} className="font-medium text-brand-700 hover:underline">
                      {material.name}
                    </Link>
                    <span className="block text-xs text-slate-600">{material.grade ?? material.category}</span>
                  </th>
                  <td className={`${CELL} text-right tabular-nums`}>{formatCount(cityCount)}</td>
                  <td className={`${CELL} text-right tabular-nums`}>{formatCount(countryCount)}</td>
                  <td className={`${CELL} text-right font-semibold whitespace-nowrap tabular-nums`}>
                    {averagePriceUsdExact === null ? (
                      "N/A"
                    ) : (
                      <>
                        {formatPrice(averagePriceUsdExact, "USD", unitFor(material.saleUnit))}
                        <UnitMark unit={unitFor(material.saleUnit)} tableUnit={unit} />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
