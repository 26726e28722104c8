import { useQuery } from "@tanstack/react-query";
import { statsQueries } from "@/api/queries";
import notices from "../../../../content/notices.json";

const NOTICE = notices.demoPrices;

/**
 * DESIGN §6: while any price the pages show is demo data (/api/stats, embedded in every page),
 * a calm notice under the header says so; with no demo price shown it is not rendered at all.
 * The server's fallback HTML places the same markup (templates/fallback/demo-notice.html).
 */
export function DemoNotice() {
  const { data: stats } = useQuery(statsQueries.site());
  if (!stats?.demoData) return null;
  return (
    <section aria-label={NOTICE.title} className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm">
        <strong className="font-semibold">{NOTICE.title}:</strong> {NOTICE.text}
      </p>
    </section>
  );
}
