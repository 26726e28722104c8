import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import type { ChecklistItem } from "@/api/client";
import { countryQueries } from "@/api/queries";
import { LineText, linesFor } from "@/components/legal/checklist-line";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

// What a seller should bring and expect (content/legal/checklists, GET /api/countries/{code}/seller-checklist):
// every line names its sources and the day it was reviewed, and says so when it could not be confirmed.

export function SellerChecklistCard({
  countryCode,
  countryName,
  regionSlug,
}: {
  countryCode: string;
  countryName: string;
  regionSlug?: string | null;
}) {
  const query = useQuery(countryQueries.sellerChecklist(countryCode));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardCheck aria-hidden="true" className="h-5 w-5 text-brand-700" /> Before You Sell in {countryName}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={
            <LoadingRegion label="Loading the seller's checklist">
              <Skeleton className="h-40" />
            </LoadingRegion>
          }
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState title="No seller's checklist yet" hint="Ask the yard which ID to bring and how it pays." />
          }
        >
          {(data) => (
            <ol className="space-y-4">
              {data.items.map((item) => (
                <ChecklistEntry key={item.topic} item={item} regionSlug={regionSlug} />
              ))}
            </ol>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ChecklistEntry({ item, regionSlug }: { item: ChecklistItem; regionSlug?: string | null }) {
  const here = linesFor(item, regionSlug);
  const elsewhere = (item.regions ?? []).filter((line) => !here.includes(line));
  return (
    <li className="border-b border-slate-100 pb-4 last:border-0 last:pb-0">
      <h3 className="font-semibold text-slate-900">{item.title}</h3>
      <LineText line={item} />
      {here.map((line) => (
        <div key={line.name} className="mt-2 rounded-md border border-brand-200 bg-brand-50 p-3">
          <LineText line={line} label={`In ${line.name}`} />
        </div>
      ))}
      {elsewhere.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-brand-700">
            Where it differs ({elsewhere.map((line) => line.name).join(", ")})
          </summary>
          <ul className="mt-2 space-y-2">
            {elsewhere.map((line) => (
              <li key={line.name}>
                <LineText line={line} label={line.name} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
