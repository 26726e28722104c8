import { PencilLine } from "lucide-react";
import { lazy } from "react";
import type { YardDetail } from "@/api/client";
import { LazyDialogButton } from "@/components/forms/lazy-dialog-button";
import { ReportPriceButton } from "@/components/reports/report-price-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const SuggestCorrectionDialog = lazy(() => import("./suggest-correction-dialog"));

/** Issue 17: what visitors can tell us about this yard. */
export function ListingHelpCard({ yard }: { yard: YardDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Know this yard?</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">Tell other sellers what it paid you, or fix its details.</p>
        <ReportPriceButton city={yard.city} yard={{ id: yard.id, name: yard.name }} className="justify-start" />
        <LazyDialogButton
          className="justify-start"
          dialog={(state) => <SuggestCorrectionDialog {...state} yard={yard} />}
        >
          <PencilLine aria-hidden="true" className="h-4 w-4" />
          Suggest a correction
        </LazyDialogButton>
      </CardContent>
    </Card>
  );
}
