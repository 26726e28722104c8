import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { formatPercent } from "@/lib/format";

/** A week's change: sign and icon as well as colour, so it never rests on colour alone. */
export function ChangeCell({ percent }: { percent: number }) {
  const { Icon, colour, label } =
    percent > 0
      ? { Icon: TrendingUp, colour: "text-green-700", label: "up" }
      : percent < 0
        ? { Icon: TrendingDown, colour: "text-red-700", label: "down" }
        : { Icon: Minus, colour: "text-slate-600", label: "unchanged" };
  return (
    <span className={`inline-flex items-center justify-end gap-1 font-semibold ${colour}`}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {formatPercent(percent)}
      <span className="sr-only"> ({label})</span>
    </span>
  );
}
