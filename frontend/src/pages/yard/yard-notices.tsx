import { Ban } from "lucide-react";
import { Link } from "react-router";
import type { YardDetail } from "@/api/client";
import { formatDate } from "@/lib/format";
import { cityYardsPath } from "@/lib/paths";

/** Under the header: a closed yard says so plainly; a corrected one says when. */
export function YardNotices({ yard }: { yard: YardDetail }) {
  if (!yard.permanentlyClosed && !yard.correctedAt) return null;
  return (
    <div className="space-y-2">
      {yard.permanentlyClosed && (
        <div className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>
            <strong className="block font-semibold">Permanently closed</strong>
            <span className="text-sm">
              This yard no longer buys scrap.{" "}
              <Link to={cityYardsPath(yard.city)} className="font-medium underline hover:text-red-950">
                Other scrap yards in {yard.city.name}
              </Link>
            </span>
          </p>
        </div>
      )}
      {yard.correctedAt && (
        <p className="text-sm text-slate-600">Details corrected on {formatDate(yard.correctedAt)}</p>
      )}
    </div>
  );
}
