import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { materialQueries } from "@/api/queries";
import { Card } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { materialPath } from "@/lib/paths";
import { SectionHeader } from "./section-header";

export const POPULAR_MATERIAL_COUNT = 4;

/** "Grade A" as it is; "Clean" as "Grade: Clean" (never "Grade: Grade A"). */
export function gradeLabel(grade: string): string {
  return /^grade\b/i.test(grade.trim()) ? grade.trim() : `Grade: ${grade.trim()}`;
}
const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-4";
const SKELETON_KEYS = Array.from({ length: POPULAR_MATERIAL_COUNT }, (_, n) => `popular-material-${n}`);

function MaterialList() {
  const { data: materials, error, isPending, refetch } = useQuery(materialQueries.list());
  if (isPending) {
    return (
      <LoadingRegion label="Loading popular materials">
        <div className={GRID}>
          {SKELETON_KEYS.map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (materials.length === 0) return <EmptyState title="No materials found" />;
  return (
    <ul className={GRID}>
      {materials.slice(0, POPULAR_MATERIAL_COUNT).map((material) => (
        <li key={material.id}>
          <Link
            to={materialPath(material)}
            className="block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Card className="h-full p-4 transition-shadow hover:shadow-md">
              <span className="block font-semibold text-slate-900">{material.name}</span>
              <span className="block text-sm text-slate-600">{material.category}</span>
              {material.grade?.trim() && (
                <span className="mt-1 block text-xs text-slate-700">{gradeLabel(material.grade)}</span>
              )}
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PopularMaterials() {
  return (
    <section aria-labelledby="popular-materials" className="space-y-4">
      <SectionHeader
        id="popular-materials"
        title="Popular Materials"
        linkTo="/scrap-metal-prices"
        linkLabel="View All Materials"
      />
      <MaterialList />
    </section>
  );
}
