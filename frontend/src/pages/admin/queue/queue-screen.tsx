import { useRef } from "react";
import { Link } from "react-router";
import { ScreenHeading } from "../ui/states";
import { ReportQueue } from "./report-queue";
import { SuggestionQueue } from "./suggestion-queue";

const TAB =
  "rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-700";

/** The moderation queue: price reports or yard corrections. */
export function QueueScreen({ kind }: { kind: "reports" | "suggestions" }) {
  // Where focus goes once the last item of the page has been decided.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div>
      <ScreenHeading headingRef={heading} hint="Approve or reject what users sent. A rejection needs a reason.">
        {kind === "reports" ? "Price reports" : "Yard corrections"}
      </ScreenHeading>
      <nav aria-label="Queues" className="mb-4 flex gap-2 border-b border-slate-200">
        <Link to="/admin/queue/reports" aria-current={kind === "reports" ? "page" : undefined} className={TAB}>
          Price reports
        </Link>
        <Link to="/admin/queue/suggestions" aria-current={kind === "suggestions" ? "page" : undefined} className={TAB}>
          Yard corrections
        </Link>
      </nav>
      {kind === "reports" ? <ReportQueue heading={heading} /> : <SuggestionQueue heading={heading} />}
    </div>
  );
}
