import { BadgeCheck } from "lucide-react";
import type { YardDetail } from "@/api/client";
import { formatDate } from "@/lib/format";

/** "Licensed (register no. …, checked <date>)": a public register's entry an operator matched to
 * the yard, linking to the entry on the register; nothing while none is confirmed and unexpired. */
export function LicenceBadge({ licence }: { licence: YardDetail["licence"] }) {
  if (!licence) return null;
  return (
    <p className="text-sm text-slate-700">
      <a
        href={licence.registerUrl}
        rel="external noreferrer"
        target="_blank"
        title={licence.registerName}
        className="inline-flex items-center gap-1.5 rounded-full border border-emerald-700 bg-emerald-50 px-3 py-1 font-medium text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <BadgeCheck aria-hidden="true" className="h-4 w-4" />
        Licensed (register no. {licence.registerNo}, checked {formatDate(licence.checkedOn)})
      </a>{" "}
      <span className="text-slate-600">on the {licence.registerName}.</span>{" "}
      <span className="text-xs text-slate-600">
        {licence.attribution} (
        <a href={licence.licenceUrl} rel="external noreferrer" target="_blank" className="underline">
          licence
        </a>
        )
      </span>
    </p>
  );
}
