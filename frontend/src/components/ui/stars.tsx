import { Star, StarHalf } from "lucide-react";
import { formatRating } from "@/lib/format";

export type StarFill = "full" | "half" | "empty";

const POSITIONS = [1, 2, 3, 4, 5] as const;

function starFill(halves: number, position: number): StarFill {
  if (halves >= position * 2) return "full";
  return halves === position * 2 - 1 ? "half" : "empty";
}

/** Half stars in a rating, to the nearest half: 4.9 → 10 (five stars), 4.7 → 9. */
function halfStars(rating: number | null | undefined): number {
  return rating ? Math.round(Math.min(Math.max(rating, 0), 5) * 2) : 0;
}

/** Five stars for a rating rounded to the nearest half star: 4.9 → five, 4.7 → four and a half. */
export function starFills(rating: number | null | undefined): StarFill[] {
  const halves = halfStars(rating);
  return POSITIONS.map((position) => starFill(halves, position));
}

/** The exact rating for screen readers: "4.9", "4.85", "4" — not the rounded stars. */
function exactRating(rating: number): string {
  return String(Number(rating.toFixed(2)));
}

const EMPTY = "h-4 w-4 text-slate-300";
const FILLED = "fill-amber-400 text-amber-400";

/** Five stars, filled to the rating's nearest half (SPEC §2); the exact value is the image's name. */
export function Stars({ rating, reviews }: { rating: number | null | undefined; reviews?: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <span
        className="inline-flex"
        role="img"
        aria-label={rating ? `Rated ${exactRating(rating)} out of 5` : "Not rated yet"}
      >
        {POSITIONS.map((position) => {
          const fill = starFill(halfStars(rating), position);
          return fill === "half" ? (
            // A half-filled star over an empty outline, so it reads as one star half full.
            <span key={position} className="relative inline-flex" data-star="half">
              <Star aria-hidden="true" className={EMPTY} />
              <StarHalf aria-hidden="true" className={`absolute inset-0 h-4 w-4 ${FILLED}`} />
            </span>
          ) : (
            <Star
              key={position}
              aria-hidden="true"
              data-star={fill}
              className={fill === "full" ? `h-4 w-4 ${FILLED}` : EMPTY}
            />
          );
        })}
      </span>
      <span className="font-medium">{formatRating(rating)}</span>
      {reviews !== undefined && <span className="text-slate-600">({reviews} reviews)</span>}
    </span>
  );
}
