import { Calendar, Clock } from "lucide-react";
import type { BlogPostSummary } from "@/api/client";
import { formatDate } from "@/lib/format";

type MetaFields = Pick<BlogPostSummary, "publishDate" | "readTime">;

/**
 * Date and read time of an article, formatted the same way everywhere. No view count: the site
 * counts none, and DESIGN §6 shows no invented number (the API's `views` is always null).
 */
export function PostMeta({ post, className = "" }: { post: MetaFields; className?: string }) {
  return (
    <ul className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 ${className}`}>
      <li className="inline-flex items-center gap-1.5">
        <Calendar aria-hidden="true" className="h-4 w-4" />
        <time dateTime={post.publishDate}>{formatDate(post.publishDate)}</time>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="h-4 w-4" />
        {post.readTime} min read
      </li>
    </ul>
  );
}
