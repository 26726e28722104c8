import type { BlogPostSummary } from "@/api/client";
import { PostCard } from "@/components/blog/post-card";

const MAX_RELATED = 2;

/** SPEC §2: up to two related posts of the same category, as the API chose them. */
export function RelatedPosts({ posts }: { posts: readonly BlogPostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="space-y-4">
      <h2 id="related-articles" className="text-2xl font-semibold text-slate-900">
        Related Articles
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2">
        {posts.slice(0, MAX_RELATED).map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}
