// The checks the visitor's forms share, with the words they show (SPEC §5's messages).
import { isEmail } from "@/lib/email";

/** The highest price a form takes (the API's limit for reports and alert thresholds). */
export const MAX_PRICE = 1_000_000;

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return "Please enter your email address.";
  if (!isEmail(email)) return "Please enter a valid email address, for example name@example.com.";
  return undefined;
}

/** A price as typed: `missing` when empty, else above 0 and at most MAX_PRICE. */
export function priceProblem(text: string, missing: string): string | undefined {
  if (!text.trim()) return missing;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return "Please enter a price above 0.";
  if (value > MAX_PRICE) return "Please enter a price of at most 1,000,000.";
  return undefined;
}

/** Only the fields that have a problem. */
export function problemsOnly<Field extends string>(
  found: Readonly<Record<Field, string | undefined>>,
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries<string | undefined>(found)) {
    if (message) problems[field as Field] = message;
  }
  return problems;
}
