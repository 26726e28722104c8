import { Globe, MapPin, Navigation, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Yard } from "@/api/client";
import { buttonClasses } from "@/components/ui/button";
import { Stars } from "@/components/ui/stars";
import { directionsHref, telHref } from "@/components/yards/links";
import { YardOpenState } from "@/components/yards/open-state";
import { OpeningHours } from "@/components/yards/opening-hours";
import { trackEvent } from "@/lib/analytics";
import { yardPath } from "@/lib/paths";

type ActionProps = {
  href: string;
  icon: ReactNode;
  label: string;
  /** Added to the label in the accessible name, so every yard's buttons have their own names. */
  detail: string;
  external?: boolean;
  onClick: () => void;
};

function ActionLink({ href, icon, label, detail, external = false, onClick }: ActionProps) {
  return (
    <a
      href={href}
      aria-label={`${label} ${detail}`}
      onClick={onClick}
      className={buttonClasses("outline", "sm")}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {icon}
      {label}
    </a>
  );
}

/** Only web addresses become links: a stored "javascript:" URL must never be clickable. */
export function websiteHref(website: string | null): string | null {
  return website && /^https?:\/\//i.test(website) ? website : null;
}

/** One yard of the "All Scrap Yards" list (SPEC §2). */
export function YardItem({ yard }: { yard: Yard }) {
  const website = websiteHref(yard.website);
  const track = (action: string) =>
    trackEvent({ action, category: "scrap_yards", label: `${yard.city.name} - ${yard.name}` });
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <article aria-labelledby={`yard-${yard.id}`} className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={`yard-${yard.id}`} className="text-lg font-semibold">
              <Link to={yardPath(yard)} className="text-brand-700 hover:underline">
                {yard.name}
              </Link>
            </h3>
            <YardOpenState yard={yard} />
          </div>
          <p className="flex items-start gap-1 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
            {yard.address}
          </p>
          <Stars rating={yard.rating} reviews={yard.reviewCount} />
          <div className="flex flex-wrap gap-2 pt-1">
            {yard.phone && (
              <ActionLink
                href={telHref(yard.phone)}
                icon={<Phone aria-hidden="true" className="h-4 w-4" />}
                label="Call"
                detail={yard.name}
                onClick={() => track("call")}
              />
            )}
            {website && (
              <ActionLink
                href={website}
                icon={<Globe aria-hidden="true" className="h-4 w-4" />}
                label="Website"
                detail={`of ${yard.name} (opens in a new tab)`}
                external
                onClick={() => track("website")}
              />
            )}
            <ActionLink
              href={directionsHref(yard)}
              icon={<Navigation aria-hidden="true" className="h-4 w-4" />}
              label="Directions"
              detail={`to ${yard.name} (opens in a new tab)`}
              external
              onClick={() => track("directions")}
            />
          </div>
        </div>
        <div>
          <h4 className="mb-1 text-sm font-semibold text-slate-900">Opening Hours</h4>
          <OpeningHours yard={yard} compact />
        </div>
      </article>
    </li>
  );
}
