import { useQuery } from "@tanstack/react-query";
import { Info, Scale } from "lucide-react";
import { Link } from "react-router";
import type { LegalItem } from "@/api/client";
import { countryQueries } from "@/api/queries";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

const CATEGORY_TONES: Record<string, "brand" | "neutral" | "warning" | "danger"> = {
  licensing: "brand",
  identification: "neutral",
  records: "neutral",
  materials: "warning",
  safety: "danger",
};

const COMPLIANCE_TIPS = [
  "Ask your local police or licensing office which registration or licence your business needs.",
  "Keep seller identification and transaction records for at least as long as the law requires.",
  "Check hold periods and reporting duties before reselling or processing any material.",
  "Review official guidance regularly: rules change and can differ by state, province or municipality.",
];

export function LegalPanel({
  countryCode,
  countryName,
  cityName,
}: {
  countryCode: string;
  countryName: string;
  cityName: string;
}) {
  const query = useQuery(countryQueries.legal(countryCode));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale aria-hidden="true" className="h-5 w-5 text-brand-700" /> Legal Guidance for {countryName}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState
          query={query}
          loading={
            <LoadingRegion label="Loading legal guidance">
              <div className="space-y-3">
                {[1, 2, 3, 4].map((n) => (
                  <Skeleton key={n} className="h-24" />
                ))}
              </div>
            </LoadingRegion>
          }
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyState
              title="No specific laws available"
              hint={`Contact local authorities for current regulations in ${cityName}`}
            />
          }
        >
          {(data) => (
            <>
              <ul className="space-y-3">
                {data.map((item) => (
                  <LegalRule key={item.title} item={item} />
                ))}
              </ul>
              <Disclaimer />
              <ComplianceTips />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function LegalRule({ item }: { item: LegalItem }) {
  return (
    <li className="rounded-md border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{item.title}</h3>
        <Badge tone={CATEGORY_TONES[item.category] ?? "neutral"} className="capitalize">
          {item.category}
        </Badge>
      </div>
      <p className="mt-2 text-sm text-slate-700">{item.description}</p>
      <p className="mt-2 text-sm text-slate-800">
        <strong>Requirement:</strong> {item.requirement}
      </p>
      {item.penalty && (
        <p className="mt-2 rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          <strong>Penalty:</strong> {item.penalty}
        </p>
      )}
      {item.source && <p className="mt-2 text-xs text-slate-600">Source: {item.source}</p>}
    </li>
  );
}

function Disclaimer() {
  return (
    <div className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        This is general guidance, not legal advice. Laws change and differ by region; confirm current requirements with
        the relevant authorities before buying or selling scrap metal. See our{" "}
        <Link to="/content-disclaimer" className="font-medium underline">
          content disclaimer
        </Link>
        .
      </p>
    </div>
  );
}

function ComplianceTips() {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Compliance resources</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {COMPLIANCE_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </div>
  );
}
