import { ArrowLeft, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { YardDetail } from "@/api/client";
import { ShareButton } from "@/components/share/share-button";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { Stars } from "@/components/ui/stars";
import { YardOpenState } from "@/components/yards/open-state";
import { cityYardsPath } from "@/lib/paths";

export function YardHeader({ yard }: { yard: YardDetail }) {
  const { city } = yard;
  return (
    <header className="space-y-3">
      <Breadcrumbs
        items={[
          { label: "Home", to: "/" },
          { label: "Scrap Yards", to: "/scrap-yards" },
          { label: city.name, to: cityYardsPath(city) },
          { label: yard.name },
        ]}
      />
      <Link
        to={cityYardsPath(city)}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to {city.name} Scrap Yards
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{yard.name}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Stars rating={yard.rating} reviews={yard.reviewCount} />
            <span className="inline-flex items-center gap-1 text-sm text-slate-700">
              <MapPin aria-hidden="true" className="h-4 w-4 text-slate-500" />
              {city.name}, {city.country.name}
            </span>
            <YardOpenState yard={yard} openLabel="Open Now" />
          </div>
        </div>
        <ShareButton
          title={yard.name}
          text={`${yard.name}, scrap yard in ${yard.city.name}, ${yard.city.country.name}`}
          copied="The link to this scrap yard is on your clipboard."
          event={{ category: "scrap_yards", label: yard.name }}
        />
      </div>
    </header>
  );
}
