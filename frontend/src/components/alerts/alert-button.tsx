import { Bell } from "lucide-react";
import { lazy } from "react";
import { LazyDialogButton } from "@/components/forms/lazy-dialog-button";
import type { AlertTarget } from "./alert-draft";

const AlertDialog = lazy(() => import("./alert-dialog"));

/** "Alert me": the form's code loads when the button is first pressed. */
export function AlertButton({ className, ...target }: AlertTarget & { className?: string }) {
  const city = target.city?.slug ?? target.citySlug;
  return (
    <LazyDialogButton
      className={className}
      dialog={(state) => <AlertDialog key={`${city}/${target.materialSlug ?? ""}`} {...state} target={target} />}
    >
      <Bell aria-hidden="true" className="h-4 w-4" />
      Alert me
    </LazyDialogButton>
  );
}
