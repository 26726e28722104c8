// Opening hours: the same rule as the server's scrapindex/hours.py, so a yard shows the same
// Open/Closed state whichever side computed it. Intervals are local to the yard's zone; one whose
// closing time is not after its opening time runs past midnight; "00:00"-"00:00" is the whole day.
import { dateTimeFormat } from "./intl-cache";

export type HoursInterval = { day: number; opens: string; closes: string };

export const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MINUTES_PER_DAY = 24 * 60;

function minutes(hhmm: string): number {
  const [hours = "0", mins = "0"] = hhmm.split(":");
  return Number(hours) * 60 + Number(mins);
}

function span(interval: HoursInterval): [number, number] {
  const opens = minutes(interval.opens);
  let closes = minutes(interval.closes);
  if (closes <= opens) closes += MINUTES_PER_DAY;
  return [opens, closes];
}

/** Wall-clock weekday (Monday = 0) and minute of the day at `moment` in `timeZone`. */
export function localClock(moment: Date, timeZone: string): { day: number; minute: number } {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday"));
  return { day, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

/** True when the local weekday/minute falls in any interval (including yesterday's overnight one). */
export function isOpenAt(hours: readonly HoursInterval[], day: number, minute: number): boolean {
  const yesterday = (day + 6) % 7;
  return hours.some((interval) => {
    const [opens, closes] = span(interval);
    if (interval.day === day && opens <= minute && minute < closes) return true;
    return interval.day === yesterday && minute + MINUTES_PER_DAY < closes;
  });
}

/** Open or closed now in the yard's zone; null when its hours are unknown. */
export function isOpenNow(hours: readonly HoursInterval[], timeZone: string, now: Date = new Date()): boolean | null {
  if (hours.length === 0) return null;
  const { day, minute } = localClock(now, timeZone);
  return isOpenAt(hours, day, minute);
}

/**
 * When a closed yard opens next: in how many days (0 = later today) and at what "HH:MM"; null while
 * it is open or when its hours are unknown. An interval of today's weekday that has already opened
 * counts a week on. The server's next_opening says the same (tests/fixtures/hours-cases.json).
 */
export function nextOpening(
  hours: readonly HoursInterval[],
  day: number,
  minute: number,
): { inDays: number; opens: string } | null {
  if (hours.length === 0 || isOpenAt(hours, day, minute)) return null;
  let soonest: { inDays: number; at: number; opens: string } | null = null;
  for (const interval of hours) {
    const at = minutes(interval.opens);
    let inDays = (interval.day - day + 7) % 7;
    if (inDays === 0 && at <= minute) inDays = 7;
    if (!soonest || inDays < soonest.inDays || (inDays === soonest.inDays && at < soonest.at)) {
      soonest = { inDays, at, opens: interval.opens };
    }
  }
  return soonest && { inDays: soonest.inDays, opens: soonest.opens };
}

/**
 * "Opens 7:30 AM" (later today), "Opens tomorrow 7:30 AM" or "Opens Monday 7:30 AM", on the
 * yard's own clock; null while it is open or when its hours are unknown.
 */
export function opensText(hours: readonly HoursInterval[], timeZone: string, now: Date = new Date()): string | null {
  const { day, minute } = localClock(now, timeZone);
  const upcoming = nextOpening(hours, day, minute);
  if (!upcoming) return null;
  const when =
    upcoming.inDays === 0 ? "" : upcoming.inDays === 1 ? "tomorrow " : `${DAY_NAMES[(day + upcoming.inDays) % 7]} `;
  return `Opens ${when}${formatClock(upcoming.opens)}`;
}

/** "08:00" -> "8:00 AM", "17:30" -> "5:30 PM", "00:00" -> "12:00 AM". */
export function formatClock(hhmm: string): string {
  const [hours = 0, mins = 0] = hhmm.split(":").map(Number);
  const suffix = hours < 12 || hours === 24 ? "AM" : "PM";
  return `${hours % 12 || 12}:${String(mins).padStart(2, "0")} ${suffix}`;
}

/** One "Day: 8:00 AM - 5:00 PM" line per day, Monday first; "Closed" for days without hours. */
export function hoursLines(hours: readonly HoursInterval[]): string[] {
  return DAY_NAMES.map((name, day) => {
    const spans = hours.filter((i) => i.day === day).sort((a, b) => a.opens.localeCompare(b.opens));
    if (spans.length === 0) return `${name}: Closed`;
    if (spans.some((i) => i.opens === "00:00" && i.closes === "00:00")) return `${name}: Open 24 hours`;
    return `${name}: ${spans.map((i) => `${formatClock(i.opens)} - ${formatClock(i.closes)}`).join(", ")}`;
  });
}

/** SPEC §2: each line of the hours text split at its first colon into day and hours. */
export function splitHoursLine(line: string): { day: string; hours: string } {
  const colon = line.indexOf(":");
  if (colon < 0) return { day: line.trim(), hours: "" };
  return { day: line.slice(0, colon).trim(), hours: line.slice(colon + 1).trim() };
}

/**
 * The lines to show for a yard: from its weekly hours, else its free text; none when its hours
 * are unknown (a made-up default timetable would read like real hours).
 */
export function yardHoursLines(yard: {
  weeklyHours: readonly HoursInterval[];
  openingHours?: string | null;
}): string[] {
  if (yard.weeklyHours.length > 0) return hoursLines(yard.weeklyHours);
  const text = yard.openingHours?.trim();
  if (text) return text.split(/\r?\n/).filter((line) => line.trim() !== "");
  return [];
}
