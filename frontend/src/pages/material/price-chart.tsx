// The only file on this page that imports the chart library (uPlot, ~20 KB gzip, drawn on a
// canvas); price-trends.tsx loads it with React.lazy once the page is interactive, so the library
// is downloaded only when a chart is drawn. The words a screen reader needs (the label, the trend
// summary and the data table) are in price-trends.tsx: the canvas is a picture of them.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatDate, formatMoney } from "@/lib/format";
import { axisTickFormatter, type ChartPoint } from "./chart-data";

type Props = {
  data: ChartPoint[];
  currency: string;
  label: string;
  /** The market reference's name, when its line is drawn ("Copper (IMF via FRED, monthly)"). */
  referenceName?: string | undefined;
};

export const PRICE_SERIES_NAME = "Yard price";

const PRICE_COLOUR = "#0f766e";
const REFERENCE_COLOUR = "#b45309";
const GRID_COLOUR = "#e2e8f0";
const TICK_COLOUR = "#475569";
const TICK_FONT = "12px system-ui, sans-serif";
/** Steps between labelled points on the date axis: whole points only. */
const INDEX_STEPS = [1, 2, 3, 5, 7, 10, 14, 20, 30, 50, 100, 200, 500, 1000];

/** The area under the price line, fading to nothing at the bottom of the plot. */
function priceFill(chart: uPlot): CanvasGradient {
  const { top, height } = chart.bbox;
  const gradient = chart.ctx.createLinearGradient(0, top, 0, top + height);
  gradient.addColorStop(0.05, "rgba(15, 118, 110, 0.3)");
  gradient.addColorStop(0.95, "rgba(15, 118, 110, 0)");
  return gradient;
}

/** The date and each drawn value under the cursor, in the city's currency. */
function tooltipPlugin(data: readonly ChartPoint[], currency: string, referenceName?: string): uPlot.Plugin {
  let tip: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (chart) => {
        tip = document.createElement("div");
        tip.className =
          "pointer-events-none absolute z-10 hidden whitespace-nowrap rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-800 shadow-sm";
        tip.setAttribute("aria-hidden", "true");
        chart.over.appendChild(tip);
      },
      setCursor: (chart) => {
        const index = chart.cursor.idx;
        const point = index === null || index === undefined ? undefined : data[index];
        if (!tip) return;
        if (!point) {
          tip.classList.add("hidden");
          return;
        }
        const lines = [formatDate(point.date), `${PRICE_SERIES_NAME}: ${formatMoney(point.value, currency)}`];
        if (referenceName && point.reference !== undefined) {
          lines.push(`${referenceName}: ${formatMoney(point.reference, currency)}`);
        }
        tip.replaceChildren(
          ...lines.map((text, line) => {
            const row = document.createElement("div");
            row.textContent = text;
            if (line === 0) row.className = "font-medium";
            return row;
          }),
        );
        tip.classList.remove("hidden");
        const left = chart.valToPos(index ?? 0, "x");
        const flip = left > chart.over.clientWidth / 2;
        tip.style.left = flip ? "" : `${left + 12}px`;
        tip.style.right = flip ? `${chart.over.clientWidth - left + 12}px` : "";
        tip.style.top = "4px";
      },
    },
  };
}

function chartOptions(props: Props, width: number, height: number): uPlot.Options {
  const { data, currency, referenceName } = props;
  const tick = axisTickFormatter(currency);
  const series: uPlot.Series[] = [
    {},
    { label: PRICE_SERIES_NAME, stroke: PRICE_COLOUR, width: 2, fill: priceFill, points: { show: false } },
  ];
  if (referenceName) {
    series.push({
      label: referenceName,
      stroke: REFERENCE_COLOUR,
      width: 2,
      dash: [6, 3],
      paths: uPlot.paths.stepped?.({ align: 1 }),
      points: { show: false },
    });
  }
  const grid = { stroke: GRID_COLOUR, dash: [3, 3], width: 1 };
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 } },
    scales: { x: { time: false } },
    series,
    axes: [
      {
        stroke: TICK_COLOUR,
        font: TICK_FONT,
        grid,
        ticks: { show: false },
        incrs: INDEX_STEPS,
        space: 64,
        values: (_chart, splits) => splits.map((index) => data[index]?.label ?? ""),
      },
      {
        stroke: TICK_COLOUR,
        font: TICK_FONT,
        grid,
        ticks: { show: false },
        size: 72,
        values: (_chart, splits, _axis, _space, step) => splits.map((value) => tick(value, step)),
      },
    ],
    plugins: [tooltipPlugin(data, currency, referenceName)],
  };
}

function chartData({ data, referenceName }: Props): uPlot.AlignedData {
  const columns: uPlot.AlignedData = [data.map((_, index) => index), data.map((point) => point.value)];
  if (referenceName) return [...columns, data.map((point) => point.reference ?? null)];
  return columns;
}

export function PriceChart(props: Props) {
  const { data, currency, label, referenceName } = props;
  const plot = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  // The page makes a new array on every render: the chart is drawn again only when what it
  // shows changes.
  const drawn = `${currency}|${referenceName ?? ""}|${data.map((p) => `${p.date}:${p.value}:${p.reference ?? ""}`).join()}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` stands for everything the chart shows
  useEffect(() => {
    const element = plot.current;
    if (!element) return;
    const chart = new uPlot(
      chartOptions(latest.current, element.clientWidth, element.clientHeight),
      chartData(latest.current),
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: element.clientHeight }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [drawn]);

  return (
    <div role="img" aria-label={label} className="flex h-64 w-full flex-col sm:h-80" data-points={data.length}>
      <div ref={plot} className="relative min-h-0 flex-1 overflow-hidden" />
      {referenceName && (
        <ul className="flex h-7 items-center justify-center gap-4 text-xs text-slate-700">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4" style={{ backgroundColor: PRICE_COLOUR }} />
            {PRICE_SERIES_NAME}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-4 border-t-2 border-dashed" style={{ borderColor: REFERENCE_COLOUR }} />
            {referenceName}
          </li>
        </ul>
      )}
    </div>
  );
}
