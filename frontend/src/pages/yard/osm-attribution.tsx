import { MapPinOff } from "lucide-react";
import type { YardDetail } from "@/api/client";
import { DataCredits } from "@/components/yards/data-credits";
import { formatDate } from "@/lib/format";

type Props = { yard: Pick<YardDetail, "attribution" | "leftSourceAt"> };

/** A yard from OpenStreetMap credits it (ODbL); one no longer there says since when. */
export function OsmAttribution({ yard }: Props) {
  if (!yard.attribution && !yard.leftSourceAt) return null;
  return (
    <div className="space-y-2">
      {yard.leftSourceAt && (
        <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <MapPinOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>
            <strong className="block font-semibold">
              No longer listed on OpenStreetMap (since {formatDate(yard.leftSourceAt)})
            </strong>
            <span className="text-sm">This yard is kept here but left out of our lists: it may have closed.</span>
          </p>
        </div>
      )}
      <DataCredits credits={yard.attribution ? [yard.attribution] : []} />
    </div>
  );
}
