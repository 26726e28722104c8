import type { Yard } from "@/api/client";
import { splitHoursLine, yardHoursLines } from "@/lib/hours";
import { telHref } from "./links";

/**
 * The yard's hours, one line per day, day and hours split at the colon (SPEC §2). Unknown hours
 * say so, with the number to call, instead of a default timetable that would read like real hours.
 */
export function OpeningHours({
  yard,
  compact = false,
}: {
  yard: Pick<Yard, "weeklyHours" | "openingHours"> & { phone?: string | null };
  compact?: boolean;
}) {
  const lines = yardHoursLines(yard);
  const text = compact ? "text-xs text-slate-700" : "text-sm text-slate-700";
  if (lines.length === 0) {
    const phone = yard.phone?.trim();
    return (
      <p className={text}>
        <span className="font-medium text-slate-900">Hours unknown — call ahead</span>
        {phone && (
          <>
            {" "}
            <a
              href={telHref(phone)}
              aria-label={`Call ${phone}`}
              className="whitespace-nowrap text-brand-700 underline hover:text-brand-800"
            >
              {phone}
            </a>
          </>
        )}
      </p>
    );
  }
  return (
    <dl className={compact ? `space-y-0.5 ${text}` : `space-y-1 ${text}`}>
      {lines.map((line) => {
        const { day, hours } = splitHoursLine(line);
        return (
          <div key={line} className="flex justify-between gap-4">
            <dt className="font-medium text-slate-900">{day}</dt>
            <dd className="text-right">{hours}</dd>
          </div>
        );
      })}
    </dl>
  );
}
