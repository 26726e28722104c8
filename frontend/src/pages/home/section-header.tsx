import { ButtonLink } from "@/components/ui/button";

/** A home section's heading with its "View All" link. */
export function SectionHeader({
  id,
  title,
  linkTo,
  linkLabel,
}: {
  id: string;
  title: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <ButtonLink to={linkTo} variant="outline" size="sm">
        {linkLabel}
      </ButtonLink>
    </div>
  );
}
