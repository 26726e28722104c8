import { ArrowRight, Star } from "lucide-react";
import { Link } from "react-router";
import type { BlogPostSummary } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { blogPostPath } from "@/lib/paths";
import { PostMeta } from "./post-meta";

/** An article in a grid: the whole card is one link, named by the title. */
export function PostCard({ post, headingLevel = 3 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="relative flex h-full flex-col p-5 transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      <Badge tone="brand" className="self-start">
        {post.category}
      </Badge>
      <Heading className="mt-3 text-lg leading-snug font-semibold text-slate-900">
        <Link to={blogPostPath(post)} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none">
          {post.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-700">{post.description}</p>
      <PostMeta post={post} className="mt-4" />
    </Card>
  );
}

/** The featured article, shown large above the grid. */
export function FeaturedPost({ post }: { post: BlogPostSummary }) {
  return (
    <Card className="relative overflow-hidden border-brand-100 bg-gradient-to-br from-brand-50 to-white p-6 transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md sm:p-8">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="warning">
          <Star aria-hidden="true" className="h-3 w-3" />
          Featured
        </Badge>
        <Badge tone="brand">{post.category}</Badge>
      </div>
      <h2 className="mt-4 text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
        <Link to={blogPostPath(post)} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none">
          {post.title}
        </Link>
      </h2>
      <p className="mt-3 max-w-3xl text-base leading-7 text-slate-700 sm:text-lg">{post.description}</p>
      <PostMeta post={post} className="mt-4" />
      <span aria-hidden="true" className="mt-5 inline-flex items-center gap-1 font-medium text-brand-700">
        Read article <ArrowRight className="h-4 w-4" />
      </span>
    </Card>
  );
}
