// Issue 17's public endpoints: user price reports and yard corrections.
import { queryOptions } from "@tanstack/react-query";
import { api, type PriceReportCreate, unwrap, type YardSuggestionCreate } from "@/api/client";

export const postPriceReport = (body: PriceReportCreate) => unwrap(api.POST("/api/price-reports", { body }));

export const postYardSuggestion = (yardId: number, body: YardSuggestionCreate) =>
  unwrap(api.POST("/api/scrap-yards/{yard_id}/suggestions", { params: { path: { yard_id: yardId } }, body }));

export const reportQueries = {
  /** Approved reports of the last 14 days for one series: count, median, range, latest date. */
  summary: (citySlug: string, materialSlug: string) =>
    queryOptions({
      queryKey: ["/api/price-reports", { citySlug, materialSlug }],
      queryFn: () => unwrap(api.GET("/api/price-reports", { params: { query: { citySlug, materialSlug } } })),
    }),
};
