import type { Insights, Mover } from "@/api/client";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { UnitFor, WeightUnit } from "@/lib/format";
import { MoverTable } from "./mover-table";

type CountryMovers = Insights["countries"][number];

/** One country's biggest week-on-week risers and fallers. */
type Units = { unit: WeightUnit; unitFor: UnitFor };

export function CountryMoversCard({ country, ...units }: { country: CountryMovers } & Units) {
  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold text-slate-900">{country.name}</h3>
      </CardHeader>
      <CardContent className="grid gap-6 xl:grid-cols-2">
        <MoverList title="Biggest Risers" country={country.name} movers={country.risers} {...units} />
        <MoverList title="Biggest Fallers" country={country.name} movers={country.fallers} {...units} />
      </CardContent>
    </Card>
  );
}

function MoverList({ title, country, movers, ...units }: { title: string; country: string; movers: Mover[] } & Units) {
  return (
    <section className="min-w-0">
      <h4 className="mb-2 font-semibold text-slate-800">{title}</h4>
      {movers.length === 0 ? (
        <p className="text-sm text-slate-600">No {title === "Biggest Risers" ? "rises" : "falls"} this week</p>
      ) : (
        <MoverTable movers={movers} label={`${title} in ${country}`} {...units} />
      )}
    </section>
  );
}
