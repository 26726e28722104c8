import type { ReactNode } from "react";

/** One term and its value inside a <dl>. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-700">{term}:</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
