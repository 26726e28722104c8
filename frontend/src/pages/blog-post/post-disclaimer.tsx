import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";

export function PostDisclaimer() {
  return (
    <aside
      aria-label="Disclaimer"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="space-y-1 text-sm leading-6">
        <p className="font-semibold">Disclaimer</p>
        <p>
          This article is educational content about legitimate recycling, not legal or financial advice. Laws on selling
          scrap, especially catalytic converters, differ by country, state and city: check your local laws and sell only
          to licensed buyers. Scrap prices change daily, so confirm any price with the buyer.
        </p>
        <p>
          Read our{" "}
          <Link to="/content-disclaimer" className="font-medium underline">
            content disclaimer
          </Link>
          .
        </p>
      </div>
    </aside>
  );
}
