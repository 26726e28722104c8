import type { BlogPostSummary } from "@/api/client";

/** SPEC §2's category chips; the slug is what goes into `?category=`. */
export const BLOG_CATEGORIES = [
  { slug: "catalytic-converters", label: "Catalytic Converters" },
  { slug: "aluminum", label: "Aluminum" },
  { slug: "vehicles", label: "Vehicles" },
  { slug: "precious-metals", label: "Precious Metals" },
] as const;

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** The chip a `?category=` value names; null (All) for a missing or unknown value. */
export function categoryFromParam(value: string | null): BlogCategory | null {
  return BLOG_CATEGORIES.find((category) => category.slug === value) ?? null;
}

export function inCategory(post: BlogPostSummary, category: BlogCategory | null): boolean {
  return category === null || post.category.toLowerCase() === category.label.toLowerCase();
}

/** The featured article (when it matches) and the rest, in the API's order (newest first). */
export function arrangePosts(
  posts: readonly BlogPostSummary[],
  category: BlogCategory | null,
): { featured: BlogPostSummary | undefined; latest: BlogPostSummary[] } {
  const matching = posts.filter((post) => inCategory(post, category));
  const featured = matching.find((post) => post.featured);
  return { featured, latest: matching.filter((post) => post !== featured) };
}
