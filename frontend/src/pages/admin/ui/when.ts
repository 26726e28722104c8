/** A moment as operators read it: "Nov 25, 2026, 14:05" in their own time zone. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return "—";
  return new Date(value).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
