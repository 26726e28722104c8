import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { blogQueries } from "@/api/queries";
import { FeaturedPost, PostCard } from "@/components/blog/post-card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { formatCount } from "@/lib/format";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { BlogListSkeleton } from "./blog-skeleton";
import { arrangePosts, type BlogCategory, categoryFromParam } from "./categories";
import { CategoryChips } from "./category-chips";
import { NewsletterCard } from "./newsletter-form";

/** The chosen chip lives in `?category=`, so it survives reload and the back button. */
function useCategoryParam(): [BlogCategory | null, (category: BlogCategory | null) => void] {
  const [params, setParams] = useSearchParams();
  const category = categoryFromParam(params.get("category"));
  const select = (next: BlogCategory | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set("category", next.slug);
        else updated.delete("category");
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [category, select];
}

export function Component() {
  const [category, setCategory] = useCategoryParam();
  usePageMeta(category ? pageText("blogCategory", { category: category.label }) : pageText("blog"));
  const { data: posts, error, isPending, refetch } = useQuery(blogQueries.list());
  const { featured, latest } = useMemo(() => arrangePosts(posts ?? [], category), [posts, category]);
  const shown = latest.length + (featured ? 1 : 0);

  return (
    <div className="space-y-8">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageHeading("blog")}</h1>
        <p className="text-lg leading-8 text-slate-700">
          Practical guides to identifying, valuing and legally selling scrap: catalytic converters, aluminum, vehicles
          and precious metals.
        </p>
      </header>
      <CategoryChips selected={category} onSelect={setCategory} />
      {isPending ? (
        <BlogListSkeleton />
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-slate-600">
            Showing {formatCount(shown)} {shown === 1 ? "article" : "articles"}
            {category ? ` in ${category.label}` : ""}
          </p>
          {shown === 0 ? (
            <EmptyState title="No articles found" hint="There are no articles in this category yet. Try another one." />
          ) : (
            <>
              {featured && <FeaturedPost post={featured} />}
              {latest.length > 0 && (
                <section aria-labelledby="latest-articles" className="space-y-4">
                  <h2 id="latest-articles" className="text-2xl font-semibold text-slate-900">
                    Latest Articles
                  </h2>
                  <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {latest.map((post) => (
                      <li key={post.id}>
                        <PostCard post={post} />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </>
      )}
      <NewsletterCard />
    </div>
  );
}
