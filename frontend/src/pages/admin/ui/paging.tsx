import { useSearchParams } from "react-router";
import { neighbourPages, Pagination } from "@/components/ui/pagination";
import { formatCount } from "@/lib/format";
import type { Pagination as PageInfo } from "../api/types";

/** The list's page from the URL (?page=3), so the back button and links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const written = Number(params.get("page") ?? "1");
  const page = Number.isInteger(written) && written >= 1 ? written : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set("page", String(next));
      else updated.delete("page");
      return updated;
    });
  return [page, setPage];
}

export function ListPager({
  pagination,
  onPageChange,
}: {
  pagination: PageInfo;
  onPageChange: (page: number) => void;
}) {
  const { page, pages, total } = pagination;
  return (
    <div className="mt-4 space-y-2">
      <p className="text-center text-sm text-slate-600">
        {formatCount(total)} in all{pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
      <Pagination page={page} pages={pages} onPageChange={onPageChange} items={neighbourPages(page, pages)} />
    </div>
  );
}
