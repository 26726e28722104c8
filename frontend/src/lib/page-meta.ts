import { useEffect } from "react";
import { env } from "@/config/env";

export const BRAND = "ScrapIndex";
/**
 * The site's public address as the server said it in the page's canonical link (SITE_ROOT, or
 * the address it serves on), so client-side navigation writes the same URLs the server would
 * and never rewrites what the server made; a build-time VITE_SITE_ROOT or this origin without one.
 */
export function siteRoot(doc: Document = document): string {
  const canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) return new URL(canonical).origin;
  return env.siteRoot ?? window.location.origin;
}

const SITE_ROOT = siteRoot();
const DEFAULT_IMAGE = "/og-image.png";

export type PageMeta = {
  title: string;
  description: string;
  keywords?: string;
  noindex?: boolean;
};

/** SPEC §2: the brand suffix is added unless the title already carries it. */
export function fullTitle(title: string): string {
  return title.includes(BRAND) ? title : `${title} | ${BRAND}`;
}

function setMeta(attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "canonical";
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Keeps title, description, robots, canonical and share tags right on client-side navigation.
 * `null` leaves the head alone: a page that hands its route to another page lets that one speak.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const { title, description, keywords, noindex } = meta ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const text = fullTitle(title);
    const url = SITE_ROOT + window.location.pathname;
    document.title = text;
    setMeta("name", "description", description);
    if (keywords) setMeta("name", "keywords", keywords);
    setMeta("name", "robots", noindex ? "noindex,nofollow" : "index,follow");
    setCanonical(url);
    setMeta("property", "og:title", text);
    setMeta("property", "og:description", description);
    setMeta("property", "og:url", url);
    setMeta("property", "og:type", "website");
    setMeta("property", "og:image", SITE_ROOT + DEFAULT_IMAGE);
    setMeta("name", "twitter:card", "summary_large_image");
    setMeta("name", "twitter:title", text);
    setMeta("name", "twitter:description", description);
  }, [title, description, keywords, noindex]);
}
