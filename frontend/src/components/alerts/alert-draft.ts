// The alert form's state, its checks and the body it posts (issue 18's contract).

import type { AlertCreate, City } from "@/api/client";
import { isEmail } from "@/lib/email";
import type { Unit } from "@/lib/format";

export const MAX_THRESHOLD = 1_000_000;

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
  unit: Unit;
  website: string;
};

export type AlertErrors = Partial<Record<"email" | "materialSlug" | "threshold", string>>;

export const isDigest = (kind: AlertKind) => kind === "digest-daily" || kind === "digest-weekly";

export function initialAlertDraft(target: AlertTarget, unit: Unit): AlertDraft {
  return { email: "", kind: "above", materialSlug: target.materialSlug ?? "", threshold: "", unit, website: "" };
}

function emailProblem(email: string): string | undefined {
  if (!email.trim()) return "Please enter your email address.";
  if (!isEmail(email)) return "Please enter a valid email address, for example name@example.com.";
  return undefined;
}

function thresholdProblem(text: string): string | undefined {
  if (!text.trim()) return "Please enter a price.";
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return "Please enter a price above 0.";
  if (value > MAX_THRESHOLD) return "Please enter a price of at most 1,000,000.";
  return undefined;
}

export function validateAlert(draft: AlertDraft): AlertErrors {
  const digest = isDigest(draft.kind);
  const errors: AlertErrors = {
    email: emailProblem(draft.email),
    materialSlug: digest || draft.materialSlug ? undefined : "Please choose a material.",
    threshold: digest ? undefined : thresholdProblem(draft.threshold),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as AlertErrors;
}

/** Digests cover the whole city: they carry no material and no threshold. */
export function toAlertBody(draft: AlertDraft, citySlug: string): AlertCreate {
  const common = { email: draft.email.trim(), citySlug, kind: draft.kind, unit: draft.unit, website: draft.website };
  if (isDigest(draft.kind)) return common;
  return { ...common, materialSlug: draft.materialSlug, threshold: Number(draft.threshold) };
}
