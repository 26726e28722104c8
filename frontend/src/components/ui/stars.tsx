import { Star } from "lucide-react";
import { formatRating } from "@/lib/format";

/** Five stars, filled up to the floor of the rating (SPEC §2). */
export function Stars({ rating, reviews }: { rating: number | null | undefined; reviews?: number }) {
  const filled = rating ? Math.floor(rating) : 0;
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <span
        className="inline-flex"
        role="img"
        aria-label={rating ? `Rated ${formatRating(rating)} out of 5` : "Not rated yet"}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            className={`h-4 w-4 ${n <= filled ? "fill-amber-400 text-amber-400" : "text-slate-300"}`}
          />
        ))}
      </span>
      <span className="font-medium">{formatRating(rating)}</span>
      {reviews !== undefined && <span className="text-slate-600">({reviews} reviews)</span>}
    </span>
  );
}
