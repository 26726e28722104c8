// A tiny inline trend line: an SVG polyline with no chart library. The drawing is hidden from
// assistive technology; the trend is said in words beside it (and as a tooltip).

type Props = {
  /** Prices, oldest first. */
  values: readonly number[];
  /** What the line is about, for the sentence: "Copper over 30 days". */
  label: string;
  width?: number;
  height?: number;
};

/** "up 2.3%" / "down 0.4%" / "unchanged", first point against the last. */
export function trendWords(values: readonly number[]): string {
  const first = values[0];
  const last = values[values.length - 1];
  if (first === undefined || last === undefined || values.length < 2 || first === last) return "unchanged";
  const percent = first === 0 ? 0 : Math.abs(((last - first) / first) * 100);
  return `${last > first ? "up" : "down"} ${percent.toFixed(1)}%`;
}

/** The polyline's points, scaled into the box with a pixel of room at top and bottom. */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return "";
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = values.length > 1 ? index * step : width / 2;
      const y = span === 0 ? height / 2 : 1 + (1 - (value - low) / span) * (height - 2);
      return `${Number(x.toFixed(2))},${Number(y.toFixed(2))}`;
    })
    .join(" ");
}

export function Sparkline({ values, label, width = 64, height = 20 }: Props) {
  if (values.length < 2) return <span className="text-xs text-slate-500">—</span>;
  const words = trendWords(values);
  const direction = words.startsWith("up") ? "up" : words.startsWith("down") ? "down" : "flat";
  const colour = direction === "up" ? "#15803d" : direction === "down" ? "#b91c1c" : "#64748b";
  const sentence = `${label}: ${words}`;
  return (
    <span className="inline-flex items-center" title={sentence} data-testid="sparkline" data-trend={direction}>
      <svg
        aria-hidden="true"
        focusable="false"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        className="overflow-visible"
      >
        <polyline
          points={sparklinePoints(values, width, height)}
          fill="none"
          stroke={colour}
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{sentence}</span>
    </span>
  );
}
