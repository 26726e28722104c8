// What a yard's profile may say, shared by the yard page and its owner's screens.
import payments from "../../../../content/payment-methods.json";

/**
 * Services a yard may say it offers (SPEC §2's list): the correction form and the owner's profile
 * offer these to tick. Never shown as a yard's own unless its data states them (DESIGN §6).
 */
export const SERVICE_OPTIONS = [
  "Accurate Weighing",
  "Pickup Service",
  "All Metal Types",
  "Competitive Prices",
  "Licensed & Insured",
] as const;

/** How a yard may say it pays (content/payment-methods.json, which the server checks against). */
export const PAYMENT_METHODS: readonly { key: string; label: string }[] = payments.methods;

/** A payment method's words; a key the list does not know is shown as stored. */
export function paymentLabel(key: string): string {
  return PAYMENT_METHODS.find((method) => method.key === key)?.label ?? key;
}
