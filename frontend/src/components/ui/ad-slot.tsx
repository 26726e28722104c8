/** A reserved, labelled advertising box (not a landmark). No ad script loads unless configured. */
export function AdSlot({ id, className = "" }: { id: string; className?: string }) {
  return (
    <div
      id={id}
      data-ad-slot={id}
      className={`flex min-h-[90px] items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-100 text-xs uppercase tracking-wide text-slate-600 ${className}`}
    >
      Advertisement
    </div>
  );
}
