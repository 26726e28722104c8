// The price report form's state, its checks and the body it posts (issue 17's contract).

import type { PriceReportCreate } from "@/api/client";
import { priceProblem, problemsOnly } from "@/components/forms/checks";
import type { Unit } from "@/lib/format";
import { dateTimeFormat } from "@/lib/intl-cache";

export const REPORT_WINDOW_DAYS = 14;
export const NOTE_LIMIT = 500;

export type ReportDraft = {
  materialSlug: string;
  citySlug: string;
  price: string;
  /** The unit the visitor picked; null until they pick one (the material's shown unit then). */
  unit: Unit | null;
  currency: string;
  /** YYYY-MM-DD; null until the user picks one: today in the city, once the city is known. */
  date: string | null;
  note: string;
  website: string;
};

export type ReportErrors = Partial<Record<"materialSlug" | "citySlug" | "price" | "date", string>>;
export type DateBounds = { min: string; max: string };

/** Today in a time zone, as YYYY-MM-DD (the server's default report date is the city's today). */
export function localDate(now: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A report may be dated today or up to 14 days back, in the city's own calendar. */
export function dateBounds(now: Date, timeZone: string): DateBounds {
  const max = localDate(now, timeZone);
  const first = new Date(`${max}T12:00:00Z`);
  first.setUTCDate(first.getUTCDate() - REPORT_WINDOW_DAYS);
  return { min: first.toISOString().slice(0, 10), max };
}

/** The city's own currency, then USD: the only two the API accepts. */
export function currencyOptions(cityCurrency: string | undefined): string[] {
  return [...new Set([cityCurrency, "USD"].filter((code): code is string => Boolean(code)))];
}

function dateProblem(date: string, bounds: DateBounds): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "Please enter the date you were paid.";
  if (date > bounds.max) return "The date cannot be in the future.";
  if (date < bounds.min) return `The date can be at most ${REPORT_WINDOW_DAYS} days back.`;
  return undefined;
}

/** A draft with what the form fills in itself: the day (today in the city) and the unit. */
export type SettledReport = ReportDraft & { date: string; unit: Unit };

export function validateReport(draft: SettledReport, bounds: DateBounds): ReportErrors {
  return problemsOnly({
    materialSlug: draft.materialSlug ? undefined : "Please choose a material.",
    citySlug: draft.citySlug ? undefined : "Please choose a city.",
    price: priceProblem(draft.price, "Please enter the price you were paid."),
    date: dateProblem(draft.date, bounds),
  });
}

export function toReportBody(draft: SettledReport, yardId: number | undefined): PriceReportCreate {
  const note = draft.note.trim();
  return {
    materialSlug: draft.materialSlug,
    citySlug: draft.citySlug,
    ...(yardId === undefined ? {} : { yardId }),
    price: Number(draft.price),
    unit: draft.unit,
    currency: draft.currency,
    date: draft.date,
    ...(note ? { note } : {}),
    website: draft.website,
  };
}
