import type { YardDetail } from "@/api/client";

export type DataCredit = NonNullable<YardDetail["attribution"]>;

/** The credit a source's licence asks for wherever its yards are shown (OpenStreetMap's ODbL). */
export function DataCredits({ credits }: { credits: readonly DataCredit[] | undefined }) {
  if (!credits?.length) return null;
  return (
    <p className="text-xs text-slate-600">
      {credits.map((credit, index) => (
        <span key={credit.url}>
          {index > 0 && "; "}
          Yard data{" "}
          <a href={credit.url} rel="external" className="underline hover:text-slate-900">
            {credit.text}
          </a>
          , {credit.licence}
        </span>
      ))}
    </p>
  );
}
