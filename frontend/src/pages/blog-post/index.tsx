import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { ApiError, type BlogPost } from "@/api/client";
import { blogQueries } from "@/api/queries";
import { PostMeta } from "@/components/blog/post-meta";
import { ShareButton } from "@/components/share/share-button";
import { AdSlot } from "@/components/ui/ad-slot";
import { Badge } from "@/components/ui/badge";
import { ErrorState, NotFoundState } from "@/components/ui/page-states";
import { usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { PostDisclaimer } from "./post-disclaimer";
import { PostSkeleton } from "./post-skeleton";
import { RelatedPosts } from "./related-posts";

const NOT_FOUND = { title: "Post Not Found", message: "The blog post you're looking for doesn't exist" };

function BackLink() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Blog
    </Link>
  );
}

function Article({ post }: { post: BlogPost }) {
  return (
    <article className="space-y-8">
      <header className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Badge tone="brand">{post.category}</Badge>
          <ShareButton
            title={post.title}
            text={post.description}
            copied="The article's link is on your clipboard."
            event={{ category: "blog", label: post.slug }}
          />
        </div>
        <h1 className="text-3xl leading-tight font-bold text-slate-900 sm:text-4xl">{post.title}</h1>
        <p className="text-lg leading-8 text-slate-700">{post.description}</p>
        <PostMeta post={post} />
      </header>
      <AdSlot id="blog-ad-1" />
      {/* The server renders the Markdown and sanitises the HTML before it reaches us. */}
      <div
        className="prose-content break-words text-slate-800 [&_table]:block [&_table]:overflow-x-auto"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      <PostDisclaimer />
    </article>
  );
}

export function Component() {
  const { slug = "" } = useParams();
  const { data: post, error, isPending, refetch } = useQuery(blogQueries.detail(slug));
  const notFound = error instanceof ApiError && error.isNotFound;
  usePageMeta(
    post
      ? pageText("blogPost", { title: post.title, description: post.description })
      : notFound
        ? pageText("postNotFound")
        : pageText("loading"),
  );

  if (notFound) {
    return (
      <NotFoundState title={NOT_FOUND.title} message={NOT_FOUND.message} linkTo="/blog" linkLabel="Back to Blog" />
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <BackLink />
      {isPending ? (
        <PostSkeleton />
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <Article post={post} />
          <RelatedPosts posts={post.related} />
          <AdSlot id="blog-ad-2" />
        </>
      )}
    </div>
  );
}
