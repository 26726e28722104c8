import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.to ?? "current"}:${item.label}`} className="flex items-center gap-1">
            {index > 0 && <ChevronRight aria-hidden="true" className="h-4 w-4 text-slate-400" />}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="hover:text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span
                aria-current={index === items.length - 1 ? "page" : undefined}
                className="font-medium text-slate-900"
              >
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
