import contactTexts from "../../../content/contact-page.json";
import legalPages from "../../../content/legal-pages.json";

/**
 * Texts of the static pages that the server also renders for a browser without JavaScript
 * (templates/fallback/legal.html and contact.html): one file each in content/, two renderings.
 */

type Part = string | { strong: string } | { link: string; to: string };
/** A string, or parts: plain text, bold lead-ins and links on this site. */
export type LegalText = string | Part[];
export type LegalBlock =
  | { p: LegalText }
  | { list: LegalText[] }
  | { callout: { title: string; tone: "info" | "warning"; paragraphs: LegalText[] } };
export type LegalDocumentData = {
  updated?: string;
  intro: LegalText[];
  sections: { title: string; blocks: LegalBlock[] }[];
};
export type LegalKey = "privacyPolicy" | "termsOfService" | "contentDisclaimer";

// JSON imports widen literal types ("warning" becomes string), hence the assertion; the tests
// render every page of the file.
export const LEGAL_DOCUMENTS = legalPages as unknown as Record<LegalKey, LegalDocumentData>;

/** The contact page's intro ({inCities} to fill), details, and what it says without the form. */
export const CONTACT_TEXTS = contactTexts;
