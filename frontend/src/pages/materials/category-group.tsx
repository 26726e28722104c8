import type { MaterialSummary } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { CategoryIcon } from "@/components/ui/category-icon";
import { formatCount, type UnitFor } from "@/lib/format";
import type { CategoryGroup } from "./filter-materials";
import type { LocalPrices } from "./local-prices";
import { MaterialCard, MaterialCardSkeleton } from "./material-card";

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
const SKELETON_KEYS = Array.from({ length: 12 }, (_, n) => `material-skeleton-${n}`);

type Props = {
  group: CategoryGroup;
  summaries: ReadonlyMap<number, MaterialSummary>;
  summaryStatus: "pending" | "error" | "success";
  /** Each card shows its material in its own unit (per piece, per troy oz, or the weight chosen). */
  unitFor: UnitFor;
  local: LocalPrices;
};

/** One category's matching materials, with how many of its materials are shown. */
export function CategorySection({ group, summaries, summaryStatus, unitFor, local }: Props) {
  const headingId = `category-${group.category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <CategoryIcon category={group.category} className="h-5 w-5 text-brand-700" />
          {group.category}
        </h2>
        <Badge tone="brand">
          {formatCount(group.materials.length)} of {formatCount(group.total)}{" "}
          {group.total === 1 ? "material" : "materials"}
        </Badge>
      </div>
      <ul className={GRID}>
        {group.materials.map((material) => (
          <li key={material.id}>
            <MaterialCard
              material={material}
              summary={summaries.get(material.id)}
              summaryStatus={summaryStatus}
              unit={unitFor(material.saleUnit)}
              local={
                local.city && {
                  cityName: local.city.name,
                  row: local.byMaterial.get(material.id),
                  status: local.status,
                }
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SPEC §9: 12 skeleton cards while the materials load. */
export function MaterialGridSkeleton() {
  return (
    <div className={GRID}>
      {SKELETON_KEYS.map((key) => (
        <MaterialCardSkeleton key={key} />
      ))}
    </div>
  );
}
