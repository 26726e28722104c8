// The price chart's time ranges: what the URL says (?range=90d), the days asked of the API,
// and the words shown. 30 days is the default and is left out of the URL.

export type HistoryRange = "30d" | "90d" | "1y" | "all";

export const HISTORY_RANGES: readonly HistoryRange[] = ["30d", "90d", "1y", "all"];
export const DEFAULT_RANGE: HistoryRange = "30d";

/** The API's longest history: "all" asks for all of it. */
export const ALL_DAYS = 3660;

export const RANGE_DAYS: Record<HistoryRange, number> = { "30d": 30, "90d": 90, "1y": 365, all: ALL_DAYS };

/** The switch's button text. */
export const RANGE_LABELS: Record<HistoryRange, string> = {
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
  all: "All",
};

/** The title's and chart label's words: "Last 30 Days", "over the last year". */
export const RANGE_TITLES: Record<HistoryRange, string> = {
  "30d": "Last 30 Days",
  "90d": "Last 90 Days",
  "1y": "Last Year",
  all: "All History",
};

export const RANGE_PHRASES: Record<HistoryRange, string> = {
  "30d": "over the last 30 days",
  "90d": "over the last 90 days",
  "1y": "over the last year",
  all: "over all stored history",
};

/** What a point stands for at the API's resolution: shown beside the chart. */
export const RESOLUTION_NOTES: Record<string, string> = {
  day: "Prices",
  week: "Weekly averages",
  month: "Monthly averages",
};
