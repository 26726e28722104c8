import type { Yard } from "@/api/client";
import { splitHoursLine, yardHoursLines } from "@/lib/hours";

/** The yard's hours, one line per day, day and hours split at the colon (SPEC §2). */
export function OpeningHours({
  yard,
  compact = false,
}: {
  yard: Pick<Yard, "weeklyHours" | "openingHours">;
  compact?: boolean;
}) {
  const lines = yardHoursLines(yard);
  return (
    <dl className={compact ? "space-y-0.5 text-xs text-slate-700" : "space-y-1 text-sm text-slate-700"}>
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
