import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import type { Region } from "@/api/client";
import { countryQueries } from "@/api/queries";
import { LineText, linesFor } from "@/components/legal/checklist-line";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Where the region (state, province) changes the country's seller's checklist. */
export function RegionSellerNotes({ region }: { region: Region }) {
  const query = useQuery(countryQueries.sellerChecklist(region.country.code));
  const items = query.data?.items ?? [];
  if (items.length === 0) return null; // loading, failed, or no checklist: the prices stand alone
  const changed = items.flatMap((item) => linesFor(item, region.slug).map((line) => ({ item, line })));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardCheck aria-hidden="true" className="h-5 w-5 text-brand-700" /> Selling Scrap in {region.name}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {changed.length === 0 ? (
          <p className="text-sm text-slate-700">
            Our seller's checklist has nothing specific to {region.name}: the checklist for {region.country.name} on its
            city pages applies.
          </p>
        ) : (
          <ul className="space-y-4">
            {changed.map(({ item, line }) => (
              <li key={item.topic + line.name}>
                <h3 className="font-semibold text-slate-900">{item.title}</h3>
                <LineText line={line} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
