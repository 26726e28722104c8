import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Pagination, ReviewStatus, SuggestionStatus } from "../api/types";
import { ListPager, usePageParam } from "../ui/paging";
import { ConsoleState } from "../ui/states";
import { readStatus, STATUSES, StatusFilter } from "./review-status";

/** Which status (one of `statuses`: a review's by default) and page of a queue the URL asks for. */
export function useQueueParams<Status extends SuggestionStatus = ReviewStatus>(
  statuses: readonly Status[] = STATUSES as readonly Status[],
) {
  const [params] = useSearchParams();
  const [page, setPage] = usePageParam();
  return { status: readStatus(params.get("status"), statuses), page, setPage };
}

/** What the server answered to a decision: the item as it now stands. */
export type DecidedItem = { status: SuggestionStatus; flagReason?: string | null };

/** The sentence announced after a decision, from the item the server sent back. */
export function outcomeMessage(subject: string, item: DecidedItem): string {
  if (item.status === "approved") return `Approved: ${subject}.`;
  if (item.status === "rejected") return `Rejected: ${subject}.`;
  if (item.status === "reverted") return `Reverted: ${subject}.`;
  // An approval the price checks held back: the item stays in the queue, flagged.
  return `Not approved: ${subject} is still waiting${item.flagReason ? ` (${item.flagReason})` : ""}.`;
}

/** A card's way to tell its queue that a decision went through: the server's answer and its subject. */
export type OnDecided = (subject: string, decided: DecidedItem) => void;

/**
 * One page of a moderation queue under its status filter, each item rendered by `children`.
 *
 * Deciding an item takes it off the page, and its buttons with it: focus would fall to <body>.
 * The queue moves it to the first action (Approve) of the item that takes the decided one's place
 * (or of the one before, at the end of the page), or to `heading` when nothing is left, and says
 * what happened in a polite live region.
 */
export function QueueList<Item extends { id: number }>({
  label,
  status,
  statuses,
  query,
  onPageChange,
  heading,
  children,
}: {
  label: string;
  status: SuggestionStatus;
  /** The statuses the filter offers: a review's by default. */
  statuses?: readonly SuggestionStatus[];
  query: UseQueryResult<{ data: Item[]; pagination: Pagination }>;
  onPageChange: (page: number) => void;
  /** Where focus goes when the last item of the page has been decided. */
  heading: RefObject<HTMLElement | null>;
  children: (item: Item, onDecided: OnDecided) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState<{ status: SuggestionStatus; text: string; count: number } | null>(
    null,
  );
  const [decided, setDecided] = useState<{ id: number; index: number } | null>(null);
  const items = query.data?.data;

  // Once the queue, read again, no longer lists the decided item.
  useEffect(() => {
    if (!decided || !items || items.some((item) => item.id === decided.id)) return;
    setDecided(null);
    const next = list.current?.children.item(Math.min(decided.index, items.length - 1));
    const action = next?.querySelector<HTMLElement>("button");
    (action ?? heading.current)?.focus();
  }, [decided, items, heading]);

  const onDecided =
    (id: number, index: number): OnDecided =>
    (subject, item) => {
      const text = outcomeMessage(subject, item);
      setAnnouncement((last) => ({ status, text, count: (last?.count ?? 0) + 1 }));
      // An approval held back stays in the queue, flagged: its card and the focus on it stay too.
      if (item.status !== status) setDecided({ id, index });
    };

  return (
    <>
      <StatusFilter status={status} label={label} statuses={statuses} />
      <div role="status" className="mb-4 empty:mb-0">
        {announcement?.status === status && (
          // A new node per decision, so the same sentence twice is announced twice.
          <p key={announcement.count} className="rounded-md bg-slate-100 p-2 text-sm font-medium text-slate-900">
            {announcement.text}
          </p>
        )}
      </div>
      <ConsoleState query={query} isEmpty={(found) => found.data.length === 0}>
        {(found) => (
          <>
            <ul ref={list} className="space-y-4">
              {found.data.map((item, index) => (
                <li key={item.id}>{children(item, onDecided(item.id, index))}</li>
              ))}
            </ul>
            <ListPager pagination={found.pagination} onPageChange={onPageChange} />
          </>
        )}
      </ConsoleState>
    </>
  );
}
