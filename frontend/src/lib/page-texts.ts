import { env } from "@/config/env";
import texts from "../../../content/page-meta.json";
import type { PageMeta } from "./page-meta";

/**
 * Every page's head texts live in content/page-meta.json, which the Python server also reads to
 * render the same title, description, keywords and robots into the HTML. `{name}` placeholders are
 * filled from plain, already formatted strings; the names each key may use are listed here (a test
 * keeps this list and the JSON in step).
 */
export const PAGE_TEXT_PARAMS = {
  home: [],
  cities: [],
  materials: [],
  directory: [],
  insights: [],
  blog: [],
  blogCategory: ["category"],
  blogPost: ["title", "description"],
  about: [],
  contact: [],
  privacyPolicy: [],
  termsOfService: [],
  contentDisclaimer: [],
  city: ["city", "country", "currency"],
  cityYards: ["city", "country"],
  material: ["material", "category"],
  yard: ["yard", "city", "country", "address"],
  region: ["region", "country", "cityCount"],
  calculator: [],
  pageSuffix: ["page"],
  loading: [],
  notFound: [],
  cityNotFound: [],
  materialNotFound: [],
  yardNotFound: [],
  postNotFound: [],
  admin: [],
} as const satisfies Record<keyof typeof texts, readonly string[]>;

type TextKey = keyof typeof PAGE_TEXT_PARAMS;
/** The keys that make a whole head; `pageSuffix` only extends a title (see withPageSuffix). */
export type PageKey = Exclude<TextKey, "pageSuffix">;
export type PageParams<K extends TextKey> = Record<(typeof PAGE_TEXT_PARAMS)[K][number], string>;
type ParamsArg<K extends TextKey> = (typeof PAGE_TEXT_PARAMS)[K] extends readonly [] ? [] : [params: PageParams<K>];

type Entry = { title: string; description?: string; keywords?: string; noindex?: boolean };
const TEXTS: Record<TextKey, Entry> = texts;

/** The pages whose heading page-meta.json gives (the server's fallback writes the same one). */
type HeadingKey = { [K in TextKey]: (typeof texts)[K] extends { heading: string } ? K : never }[TextKey];

/** A page's h1 text, as content/page-meta.json says it for both sides. */
export function pageHeading(key: HeadingKey): string {
  return texts[key].heading;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{name}` placeholders in one pass (a value is never scanned again). */
export function fillTemplate(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value !== undefined) return value;
    if (env.isDevOrTest) {
      throw new Error(`page text: no value for ${match} in "${template}"`);
    }
    return "";
  });
}

/** The placeholder names a template uses, in order of first use. */
export function placeholdersOf(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (match) => match[1] ?? ""))];
}

/** The head texts of a page, placeholders filled: `pageText("city", { city, country, currency })`. */
export function pageText<K extends PageKey>(key: K, ...args: ParamsArg<K>): PageMeta {
  const entry = TEXTS[key];
  const params: Readonly<Record<string, string>> = args[0] ?? {};
  const meta: PageMeta = {
    title: fillTemplate(entry.title, params),
    description: fillTemplate(entry.description ?? "", params),
  };
  if (entry.keywords !== undefined) meta.keywords = fillTemplate(entry.keywords, params);
  if (entry.noindex) meta.noindex = true;
  return meta;
}

/** Page 2 onwards of a paged list: the title gains " - Page N" (before the brand suffix). */
export function withPageSuffix(meta: PageMeta, page: number): PageMeta {
  if (page <= 1) return meta;
  return { ...meta, title: meta.title + fillTemplate(TEXTS.pageSuffix.title, { page: String(page) }) };
}
