// The only file on this page that imports recharts; price-trends.tsx loads it with React.lazy
// so the chart library is downloaded only when a chart is drawn.
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate, formatMoney } from "@/lib/format";
import { axisTickFormatter, type ChartPoint } from "./chart-data";

export function PriceChart({ data, currency, label }: { data: ChartPoint[]; currency: string; label: string }) {
  return (
    <div role="img" aria-label={label} className="h-64 w-full sm:h-80">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
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
            formatter={(value) => [formatMoney(Number(value), currency), "Price"]}
            labelFormatter={(_, payload) => {
              const point = payload?.[0]?.payload as ChartPoint | undefined;
              return point ? formatDate(point.date) : "";
            }}
          />
          <Area
            type="monotone"
            dataKey="value"
            stroke="#0f766e"
            strokeWidth={2}
            fill="url(#material-price-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
