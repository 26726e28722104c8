import { Tag } from "lucide-react";
import { lazy } from "react";
import { LazyDialogButton } from "@/components/forms/lazy-dialog-button";
import type { ReportTarget } from "./types";

const ReportPriceDialog = lazy(() => import("./report-price-dialog"));

/** "Report a price you were paid": the form's code loads when the button is first pressed. */
export function ReportPriceButton({ className, ...target }: ReportTarget & { className?: string }) {
  return (
    <LazyDialogButton
      className={className}
      dialog={(state) => <ReportPriceDialog key={target.city?.slug ?? target.citySlug} {...state} target={target} />}
    >
      <Tag aria-hidden="true" className="h-4 w-4" />
      Report a price you were paid
    </LazyDialogButton>
  );
}
