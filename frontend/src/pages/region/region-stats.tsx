import type { Region } from "@/api/client";
import { Card } from "@/components/ui/card";
import { formatCount } from "@/lib/format";

export function RegionStats({ region }: { region: Region }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
      <Stat label="Scrap Yards" value={formatCount(region.scrapYardCount)} note={`In ${region.name}`} />
      <Stat label="Cities" value={formatCount(region.cities.length)} note="With prices tracked" />
    </dl>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card className="flex flex-col p-3 sm:p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
      <dd className="mt-0.5 text-sm text-slate-600">{note}</dd>
    </Card>
  );
}
