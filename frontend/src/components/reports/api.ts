// Issue 17's price reports (the yard corrections are the yard page's: pages/yard/api.ts).
import { queryOptions } from "@tanstack/react-query";
import { api, type PriceReportCreate, unwrap } from "@/api/client";

export const postPriceReport = (body: PriceReportCreate) => unwrap(api.POST("/api/price-reports", { body }));

export const reportQueries = {
  /** Approved reports of the last 14 days for one series: count, median, range, latest date. */
  summary: (citySlug: string, materialSlug: string) =>
    queryOptions({
      queryKey: ["/api/price-reports", { citySlug, materialSlug }],
      queryFn: () => unwrap(api.GET("/api/price-reports", { params: { query: { citySlug, materialSlug } } })),
    }),
};
