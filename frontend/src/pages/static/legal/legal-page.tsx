import { type ReactNode, useId } from "react";
import { Link } from "react-router";

/** The shared frame of the policy pages: one h1, a date line, an intro and readable sections. */
export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string;
  updated?: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-3 border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        {updated && <p className="text-sm text-slate-600">Last updated: {updated}</p>}
        <div className="text-lg leading-8 text-slate-700">{intro}</div>
      </header>
      {children}
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 leading-7 text-slate-700">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6">
      {items.map((item, index) => (
        // The lists are fixed prose: their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** A highlighted warning or note inside a policy page. */
export function Callout({
  title,
  children,
  tone = "info",
}: {
  title: string;
  children: ReactNode;
  tone?: "info" | "warning";
}) {
  const colours =
    tone === "warning" ? "border-amber-300 bg-amber-50 text-amber-950" : "border-brand-100 bg-brand-50 text-slate-800";
  return (
    <div className={`rounded-lg border p-4 leading-7 ${colours}`}>
      <p className="font-semibold">{title}</p>
      <div className="mt-1 space-y-2">{children}</div>
    </div>
  );
}

export function InlineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline hover:text-brand-800">
      {children}
    </Link>
  );
}
