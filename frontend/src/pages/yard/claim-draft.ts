// "Is this your yard?": the claim form's state, its checks and the body it posts (issue 38).

import { emailProblem } from "@/components/forms/checks";
import type { YardClaimCreate } from "./api";

export const NAME_LIMIT = 120;
export const EVIDENCE_LIMIT = 2000;
/** The server's least evidence (schemas/yard_claims.py): a few words cannot be checked. */
export const EVIDENCE_MIN = 20;

type ClaimRoute = YardClaimCreate["route"];

export type ClaimDraft = { name: string; email: string; route: ClaimRoute; evidence: string; honeypot: string };
export type ClaimField = "name" | "email" | "evidence";

/** The listing's address leads when there is one: the quickest proof is opening its mail. */
export function initialClaim(listingEmail: string | null): ClaimDraft {
  return { name: "", email: "", route: listingEmail ? "listing-email" : "operators", evidence: "", honeypot: "" };
}

/** "i••••@pioneer-metal.example": enough to recognise one's own address, not to harvest it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "••••";
  return `${address[0]}••••${address.slice(at)}`;
}

export function validateClaim(draft: ClaimDraft): Partial<Record<ClaimField, string>> {
  const errors: Partial<Record<ClaimField, string>> = {};
  if (!draft.name.trim()) errors.name = "Please enter your name.";
  const email = emailProblem(draft.email);
  if (email) errors.email = email;
  const evidence = draft.evidence.trim();
  if (draft.route === "operators" && !evidence) errors.evidence = "Tell us how we can check that the yard is yours.";
  else if (draft.route === "operators" && evidence.length < EVIDENCE_MIN)
    errors.evidence = `Tell us a little more (at least ${EVIDENCE_MIN} characters), so that we can check.`;
  return errors;
}

export function toClaimBody(draft: ClaimDraft): YardClaimCreate {
  const evidence = draft.evidence.trim();
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    route: draft.route,
    ...(draft.route === "operators" && evidence ? { evidence } : {}),
    website: draft.honeypot,
  };
}
