// The alert form's state, its checks and the body it posts (issue 18's contract).

import type { AlertCreate, City } from "@/api/client";
import { emailProblem, priceProblem, problemsOnly } from "@/components/forms/checks";
import type { Unit } from "@/lib/format";

export type AlertKind = AlertCreate["kind"];

export const ALERT_KINDS: { kind: AlertKind; label: string }[] = [
  { kind: "above", label: "Price goes above" },
  { kind: "below", label: "Price goes below" },
  { kind: "digest-daily", label: "Daily digest of this city" },
  { kind: "digest-weekly", label: "Weekly digest of this city" },
];

/** What the page knows: its city (the city page) or the city chosen on it (the material page). */
export type AlertTarget = {
  city?: City;
  citySlug?: string;
  materialSlug?: string;
};

export type AlertDraft = {
  email: string;
  kind: AlertKind;
  materialSlug: string;
  threshold: string;
  /** The unit the visitor picked; null until they pick one (the material's shown unit then). */
  unit: Unit | null;
  website: string;
};

export type AlertErrors = Partial<Record<"email" | "materialSlug" | "threshold", string>>;

export const isDigest = (kind: AlertKind) => kind === "digest-daily" || kind === "digest-weekly";

export function initialAlertDraft(target: AlertTarget): AlertDraft {
  return { email: "", kind: "above", materialSlug: target.materialSlug ?? "", threshold: "", unit: null, website: "" };
}

export function validateAlert(draft: AlertDraft): AlertErrors {
  const digest = isDigest(draft.kind);
  return problemsOnly({
    email: emailProblem(draft.email),
    materialSlug: digest || draft.materialSlug ? undefined : "Please choose a material.",
    threshold: digest ? undefined : priceProblem(draft.threshold, "Please enter a price."),
  });
}

/**
 * Digests cover the whole city: they carry no material and no threshold. `unit` is the one the
 * threshold is in (the form's: the visitor's pick when it fits the material).
 */
export function toAlertBody(draft: AlertDraft, citySlug: string, unit: Unit): AlertCreate {
  const common = { email: draft.email.trim(), citySlug, kind: draft.kind, unit, website: draft.website };
  if (isDigest(draft.kind)) return common;
  return { ...common, materialSlug: draft.materialSlug, threshold: Number(draft.threshold) };
}
