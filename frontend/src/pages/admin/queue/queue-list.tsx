import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { Pagination, ReviewStatus } from "../api/types";
import { ListPager, usePageParam } from "../ui/paging";
import { ConsoleState } from "../ui/states";
import { readStatus, StatusFilter } from "./review-status";

/** Which status and page of a queue the URL asks for. */
export function useQueueParams() {
  const [params] = useSearchParams();
  const [page, setPage] = usePageParam();
  return { status: readStatus(params.get("status")), page, setPage };
}

/** One page of a moderation queue under its status filter, each item rendered by `children`. */
export function QueueList<Item extends { id: number }>({
  label,
  status,
  query,
  onPageChange,
  children,
}: {
  label: string;
  status: ReviewStatus;
  query: UseQueryResult<{ data: Item[]; pagination: Pagination }>;
  onPageChange: (page: number) => void;
  children: (item: Item) => ReactNode;
}) {
  return (
    <>
      <StatusFilter status={status} label={label} />
      <ConsoleState query={query} isEmpty={(found) => found.data.length === 0}>
        {(found) => (
          <>
            <ul className="space-y-4">
              {found.data.map((item) => (
                <li key={item.id}>{children(item)}</li>
              ))}
            </ul>
            <ListPager pagination={found.pagination} onPageChange={onPageChange} />
          </>
        )}
      </ConsoleState>
    </>
  );
}
