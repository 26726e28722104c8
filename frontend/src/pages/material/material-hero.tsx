import { Award, Calculator } from "lucide-react";
import { Link } from "react-router";
import type { MarketSummary, Material } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { CategoryIcon } from "@/components/ui/category-icon";
import { Skeleton } from "@/components/ui/skeleton";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatCount, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { calculatorPath } from "@/lib/paths";
import { useUnitFor } from "@/lib/use-unit";

function Stat({ label, note, children }: { label: string; note?: string; children: React.ReactNode }) {
  return (
    <div className="rounded-md bg-white/80 p-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
        {note && <span className="ml-1 normal-case tracking-normal">({note})</span>}
      </dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * Four headline figures. Money is in USD (one currency across cities) and in the material's shown
 * unit, converted from the API's …UsdExact figures (four decimals a kg, or a piece), never from
 * those to the cent.
 */
export function HeroStats({ stats, unit }: { stats: MarketSummary | undefined; unit: Unit }) {
  const usdNote = `in USD ${UNIT_LABELS[unit]}`;
  const money = (value: string | null) => (value === null ? "—" : formatPrice(value, "USD", unit));
  if (!stats) {
    return (
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {["Cities Tracked", "Countries", "Average Price", "Price Range"].map((label) => (
          <Stat key={label} label={label}>
            <Skeleton className="h-6 w-20" />
          </Stat>
        ))}
      </dl>
    );
  }
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Cities Tracked">{formatCount(stats.cityCount)}</Stat>
      <Stat label="Countries">{formatCount(stats.countryCount)}</Stat>
      <Stat label="Average Price" note={usdNote}>
        <span data-testid="stat-average">{money(stats.averageUsdExact)}</span>
      </Stat>
      <Stat label="Price Range" note={usdNote}>
        <span data-testid="stat-range">
          {stats.minUsdExact === null ? "—" : `${money(stats.minUsdExact)} – ${money(stats.maxUsdExact)}`}
        </span>
      </Stat>
    </dl>
  );
}

/** To the calculator with one of this material listed, in the unit the visitor sees it in. */
function WorthLink({ material }: { material: Material }) {
  const unit = useUnitFor()(material.saleUnit);
  return (
    <Link
      to={calculatorPath({ item: `${material.slug}:1:${unit}` })}
      className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <Calculator aria-hidden="true" className="h-4 w-4" /> What is yours worth, and where to sell it?
    </Link>
  );
}

export function MaterialHero({ material, children }: { material: Material; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="material-title"
      className="rounded-xl border border-slate-200 bg-gradient-to-br from-brand-50 to-white p-5 sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
            <CategoryIcon category={material.category} className="h-8 w-8" />
          </span>
          <div>
            <h1 id="material-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
              {material.name}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {material.grade && <Badge tone="brand">{material.grade}</Badge>}
              <Badge>{material.category}</Badge>
              {material.grade === "Grade A" && (
                <Badge tone="warning">
                  <Award aria-hidden="true" className="h-3.5 w-3.5" />
                  Premium Grade
                </Badge>
              )}
            </div>
          </div>
        </div>
        <UnitToggle saleUnit={material.saleUnit} />
      </div>
      <p className="mt-4 max-w-3xl text-slate-700">{material.description || "No description available"}</p>
      <WorthLink material={material} />
      {children}
    </section>
  );
}

export function MaterialHeroSkeleton() {
  return (
    <div className="rounded-xl border border-slate-200 p-5 sm:p-8">
      <div className="flex items-start gap-4">
        <Skeleton className="h-12 w-12" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-5 w-40" />
        </div>
      </div>
      <Skeleton className="mt-4 h-4 w-full max-w-3xl" />
      <Skeleton className="mt-2 h-4 w-2/3 max-w-2xl" />
      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {["a", "b", "c", "d"].map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
    </div>
  );
}
