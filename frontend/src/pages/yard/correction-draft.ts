// The correction form's state, its checks and the `changes` it posts: only what differs from
// what the page shows now (issue 17's contract: at least one change).
import type { YardChanges, YardDetail, YardSuggestionCreate } from "@/api/client";
import { emailProblem } from "@/components/forms/checks";
import { SERVICE_OPTIONS } from "@/components/yards/yard-profile";

export const TEXT_FIELDS = ["hours", "phone", "website", "address"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const TEXT_LIMITS: Record<TextField, number> = { hours: 300, phone: 40, website: 300, address: 300 };
export const NOTE_LIMIT = 1000;
export const NO_CHANGE = "Change at least one detail before sending.";

export type CorrectionDraft = Record<TextField, string> & {
  services: string[];
  permanentlyClosed: boolean;
  email: string;
  note: string;
  honeypot: string;
};

export type CorrectionErrors = Partial<Record<TextField | "email", string>>;

/** The yard's present values, as the form compares against them. */
export function currentValues(
  yard: YardDetail,
): Record<TextField, string> & Pick<CorrectionDraft, "services" | "permanentlyClosed"> {
  return {
    hours: yard.openingHours ?? "",
    phone: yard.phone ?? "",
    website: yard.website ?? "",
    address: yard.address,
    services: yard.services ?? [],
    permanentlyClosed: yard.permanentlyClosed,
  };
}

/** Text fields start empty (filled in only where wrong); the checkboxes start as the yard is. */
export function initialCorrection(yard: YardDetail): CorrectionDraft {
  const { services, permanentlyClosed } = currentValues(yard);
  return {
    hours: "",
    phone: "",
    website: "",
    address: "",
    services,
    permanentlyClosed,
    email: "",
    note: "",
    honeypot: "",
  };
}

/** The form's options first, then any the yard lists beyond them. */
export function serviceOptions(yard: YardDetail): string[] {
  return [...new Set([...SERVICE_OPTIONS, ...(yard.services ?? [])])];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

export function changesOf(draft: CorrectionDraft, yard: YardDetail): YardChanges {
  const now = currentValues(yard);
  const changes: YardChanges = {};
  for (const field of TEXT_FIELDS) {
    const value = draft[field].trim();
    if (value && value !== now[field].trim()) changes[field] = value;
  }
  if (!sameSet(draft.services, now.services)) changes.services = draft.services;
  if (draft.permanentlyClosed !== now.permanentlyClosed) changes.permanentlyClosed = draft.permanentlyClosed;
  return changes;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function validateCorrection(draft: CorrectionDraft): CorrectionErrors {
  const errors: CorrectionErrors = {};
  const website = draft.website.trim();
  if (website && !isWebAddress(website))
    errors.website = "Please enter a full web address, for example https://example.com.";
  const email = emailProblem(draft.email);
  if (email) errors.email = email;
  return errors;
}

export function toSuggestionBody(draft: CorrectionDraft, changes: YardChanges): YardSuggestionCreate {
  const note = draft.note.trim();
  return { changes, email: draft.email.trim(), ...(note ? { note } : {}), website: draft.honeypot };
}
