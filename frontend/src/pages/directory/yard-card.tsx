import { ExternalLink, MapPin, Phone } from "lucide-react";
import type { Yard } from "@/api/client";
import { ButtonLink, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Stars } from "@/components/ui/stars";
import { telHref } from "@/components/yards/links";
import { YardOpenState } from "@/components/yards/open-state";
import { OpeningHours } from "@/components/yards/opening-hours";
import { yardPath } from "@/lib/paths";

/** One directory card: name, open state, place, rating, hours and the actions (SPEC §2). */
export function YardCard({ yard }: { yard: Yard }) {
  const forYard = <span className="sr-only"> for {yard.name}</span>;
  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg leading-snug font-semibold text-slate-900">{yard.name}</h3>
        <YardOpenState yard={yard} />
      </div>
      <p className="flex items-center gap-1 text-sm font-medium text-slate-700">
        <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        {yard.city.name}, {yard.city.country.name}
      </p>
      <p className="text-sm text-slate-600">{yard.address}</p>
      <Stars rating={yard.rating} reviews={yard.reviewCount} />
      <OpeningHours yard={yard} compact />
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <ButtonLink to={yardPath(yard)} size="sm">
          View Details{forYard}
        </ButtonLink>
        {yard.phone && (
          <a href={telHref(yard.phone)} className={buttonClasses("outline", "sm")}>
            <Phone aria-hidden="true" className="h-4 w-4" />
            Call{forYard}
          </a>
        )}
        {yard.website && (
          <a href={yard.website} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "sm")}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            Website{forYard}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </Card>
  );
}

export function YardCardSkeleton() {
  return (
    <Card className="space-y-3 p-4 sm:p-5" data-testid="yard-card-skeleton">
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-8 w-2/3" />
    </Card>
  );
}
