// The only file on this page that imports recharts; price-trends.tsx loads it with React.lazy
// so the chart library is downloaded only when a chart is drawn.
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
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

export function PriceChart({ data, currency, label, referenceName }: Props) {
  return (
    <div role="img" aria-label={label} className="h-64 w-full sm:h-80" data-points={data.length}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <defs>
            <linearGradient id="material-price-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor="#0f766e" stopOpacity={0.3} />
              <stop offset="95%" stopColor="#0f766e" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#475569" }} minTickGap={16} />
          <YAxis
            tickFormatter={axisTickFormatter(currency)}
            tick={{ fontSize: 12, fill: "#475569" }}
            width={72}
            domain={["auto", "auto"]}
          />
          <Tooltip
            formatter={(value, name) => [formatMoney(Number(value), currency), name]}
            labelFormatter={(_, payload) => {
              const point = payload?.[0]?.payload as ChartPoint | undefined;
              return point ? formatDate(point.date) : "";
            }}
          />
          <Area
            type="monotone"
            dataKey="value"
            name={PRICE_SERIES_NAME}
            stroke="#0f766e"
            strokeWidth={2}
            fill="url(#material-price-fill)"
            isAnimationActive={false}
          />
          {referenceName && (
            <Line
              type="stepAfter"
              dataKey="reference"
              name={referenceName}
              stroke="#b45309"
              strokeWidth={2}
              strokeDasharray="6 3"
              dot={false}
              isAnimationActive={false}
            />
          )}
          {referenceName && <Legend verticalAlign="bottom" height={28} wrapperStyle={{ fontSize: 12 }} />}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
