/** A reserved, labelled advertising box. No ad script loads unless one is configured. */
export function AdSlot({ id, className = "" }: { id: string; className?: string }) {
  return (
    <aside
      id={id}
      aria-label="Advertisement"
      data-ad-slot={id}
      className={`flex min-h-[90px] items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-100 text-xs uppercase tracking-wide text-slate-600 ${className}`}
    >
      Advertisement
    </aside>
  );
}
