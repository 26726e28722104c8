// The front end's build-time settings (VITE_* variables), read and checked in one place. Pure: the
// app reads its build's variables through it (config/env.ts), and vite.config.ts runs it on the
// same values before it builds, serves or tests, so a wrong value stops them with its name and why.
// Relative imports with their .ts ending only: vite.config.ts loads this file as Node would, without
// the app's "@/" alias.
import { isEmail } from "../lib/email.ts";

/** The variables a build may set (vite-env.d.ts types the app's env with these). */
export type ViteVariables = {
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_SITE_ROOT?: string;
  readonly VITE_ADS_CLIENT?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_ATTRIBUTION?: string;
};

/** What Vite hands over: those variables (strings, or unset) and its own mode flags. */
export type RawEnv = ViteVariables & { readonly MODE?: string; readonly DEV?: boolean; readonly PROD?: boolean };

export type Env = {
  /** Where usage events are posted (an http(s) URL or a path on this site); none: nothing is sent. */
  analyticsUrl: string | undefined;
  /** The site's public origin for URLs made in the browser; none: the page's own origin. */
  siteRoot: string | undefined;
  /** The ad provider's client id; none: ad slots render nothing. */
  adsClient: string | undefined;
  /** An address published on the contact page; none: the form is the way in. */
  contactEmail: string | undefined;
  /** The map's tile URL template ({z}, {x}, {y}): our own /tiles/ unless a build names another server. */
  mapTileUrl: string;
  /** The tiles' attribution (HTML), OpenStreetMap's unless a build names another. */
  mapAttribution: string;
  /** A production build (the service worker is registered only then). */
  isProduction: boolean;
  /** The dev server or the tests, where a mistake should throw rather than degrade quietly. */
  isDevOrTest: boolean;
};

export const DEFAULT_TILE_URL = "/tiles/{z}/{x}/{y}.png";
export const DEFAULT_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

type Check = (value: string) => string | undefined;

function webUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URL, or a path on this site ("/collect", not "//host/collect"). */
const urlOrPath: Check = (value) =>
  (value.startsWith("/") && !value.startsWith("//")) || webUrl(value)
    ? undefined
    : "must be an http(s) URL or a path starting with /";

const origin: Check = (value) => {
  const url = webUrl(value);
  if (!url) return "must be an http(s) origin such as https://scrapindex.example";
  return url.pathname === "/" && !url.search && !url.hash ? undefined : "must be an origin only, without a path";
};

const tileTemplate: Check = (value) => {
  const missing = ["{z}", "{x}", "{y}"].filter((part) => !value.includes(part));
  if (missing.length) return `must contain ${missing.join(", ")}`;
  return urlOrPath(value.replace(/\{[a-z]+\}/g, "0"));
};

const adsClient: Check = (value) =>
  /^[\w-]+$/.test(value) ? undefined : "must be a client id (letters, digits, - and _)";
const email: Check = (value) => (isEmail(value) ? undefined : "must be an e-mail address");

/** Every VITE_* value checked; throws one error naming each wrong variable. Empty means unset. */
export function readEnv(raw: RawEnv): Env {
  const problems: string[] = [];
  const read = (name: keyof ViteVariables, check: Check): string | undefined => {
    const value = raw[name]?.trim() ?? "";
    if (!value) return undefined;
    const problem = check(value);
    if (problem) problems.push(`${name}=${JSON.stringify(value)} ${problem}`);
    return problem ? undefined : value;
  };
  const env: Env = {
    analyticsUrl: read("VITE_ANALYTICS_URL", urlOrPath),
    siteRoot: webUrl(read("VITE_SITE_ROOT", origin) ?? "")?.origin,
    adsClient: read("VITE_ADS_CLIENT", adsClient),
    contactEmail: read("VITE_CONTACT_EMAIL", email),
    mapTileUrl: read("VITE_MAP_TILE_URL", tileTemplate) ?? DEFAULT_TILE_URL,
    mapAttribution: read("VITE_MAP_ATTRIBUTION", () => undefined) ?? DEFAULT_ATTRIBUTION,
    isProduction: raw.PROD === true,
    isDevOrTest: raw.DEV === true || raw.MODE === "test",
  };
  if (problems.length) throw new Error(`Invalid front-end settings:\n  ${problems.join("\n  ")}`);
  return env;
}
