import type { YardPage } from "@/api/client";
import { formatCount } from "@/lib/format";

/** "Showing X-Y of N scrap yards (filtered from M total)" for the page or map shown (SPEC §2). */
export function showingText({ data, pagination, unfilteredTotal }: YardPage): string {
  const all = `(filtered from ${formatCount(unfilteredTotal)} total)`;
  if (data.length === 0) return `Showing 0 of ${formatCount(pagination.total)} scrap yards ${all}`;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + data.length - 1;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${formatCount(pagination.total)} scrap yards ${all}`;
}

export function ShowingText({ result }: { result: YardPage | undefined }) {
  return (
    <p aria-live="polite" className="min-h-5 text-sm text-slate-600">
      {result ? showingText(result) : ""}
    </p>
  );
}

/** "Mapping X of N scrap yards (filtered from M total)": X are the matches the map's view holds. */
export function MapShowingText({ result, inView }: { result: YardPage | undefined; inView: number | undefined }) {
  const text =
    result && inView !== undefined
      ? `Mapping ${formatCount(inView)} of ${formatCount(result.pagination.total)} scrap yards ` +
        `(filtered from ${formatCount(result.unfilteredTotal)} total)`
      : "";
  return (
    <p aria-live="polite" className="min-h-5 text-sm text-slate-600">
      {text}
    </p>
  );
}
