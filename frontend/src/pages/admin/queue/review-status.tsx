import { formatMoment } from "@/lib/format";
import type { ReviewStatus, SuggestionStatus } from "../api/types";
import { StatusLinks } from "../ui/status-links";

export const STATUSES: readonly ReviewStatus[] = ["pending", "approved", "rejected"];
const STATUS_LABELS: Record<SuggestionStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
  reverted: "Reverted",
};

/** Waiting / Approved / Rejected (/ Reverted): links that keep the choice in the URL (?status=). */
export function StatusFilter({
  status,
  label,
  statuses = STATUSES,
}: {
  status: SuggestionStatus;
  label: string;
  statuses?: readonly SuggestionStatus[];
}) {
  const options = statuses.map((option) => ({ status: option, label: STATUS_LABELS[option] }));
  return <StatusLinks label={label} options={options} current={status} />;
}

export function readStatus<Status extends SuggestionStatus>(
  value: string | null,
  statuses: readonly Status[],
): Status | "pending" {
  return statuses.find((status) => status === value) ?? "pending";
}

/** Who decided an item, when and why. */
export function ReviewNote({
  review,
  timeZone,
}: {
  review: {
    status: SuggestionStatus;
    reviewedBy: string | null;
    reviewedAt: string | null;
    reviewReason: string | null;
  };
  /** Where its moment is shown: the item's city's time zone, else the viewer's. */
  timeZone?: string;
}) {
  return (
    <p className="text-sm text-slate-700">
      {STATUS_LABELS[review.status]}
      {review.reviewedBy ? ` by ${review.reviewedBy}` : ""}
      {review.reviewedAt ? ` on ${formatMoment(review.reviewedAt, timeZone)}` : ""}
      {review.reviewReason ? `: ${review.reviewReason}` : ""}
    </p>
  );
}
