export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}

/** A labelled loading region: screen readers hear "Loading…" once, not every grey box. */
export function LoadingRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="loading">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
