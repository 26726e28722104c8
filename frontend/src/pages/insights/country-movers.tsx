import type { Insights, Mover } from "@/api/client";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { Unit } from "@/lib/format";
import { MoverTable } from "./mover-table";

type CountryMovers = Insights["countries"][number];

/** One country's biggest week-on-week risers and fallers. */
export function CountryMoversCard({ country, unit }: { country: CountryMovers; unit: Unit }) {
  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold text-slate-900">{country.name}</h3>
      </CardHeader>
      <CardContent className="grid gap-6 xl:grid-cols-2">
        <MoverList title="Biggest Risers" country={country.name} movers={country.risers} unit={unit} />
        <MoverList title="Biggest Fallers" country={country.name} movers={country.fallers} unit={unit} />
      </CardContent>
    </Card>
  );
}

function MoverList({ title, country, movers, unit }: { title: string; country: string; movers: Mover[]; unit: Unit }) {
  return (
    <section className="min-w-0">
      <h4 className="mb-2 font-semibold text-slate-800">{title}</h4>
      {movers.length === 0 ? (
        <p className="text-sm text-slate-600">No {title === "Biggest Risers" ? "rises" : "falls"} this week</p>
      ) : (
        <MoverTable movers={movers} label={`${title} in ${country}`} unit={unit} />
      )}
    </section>
  );
}
