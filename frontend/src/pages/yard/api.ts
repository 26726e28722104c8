// What a visitor sends about a yard: a fix to its details, for a moderator to approve (issue 17);
// a claim of its listing by its owner (issue 38).
import { api, type Schemas, unwrap, type YardSuggestionCreate } from "@/api/client";

export type YardClaimCreate = Schemas["YardClaimCreate"];

export const postYardSuggestion = (yardId: number, body: YardSuggestionCreate) =>
  unwrap(api.POST("/api/scrap-yards/{yard_id}/suggestions", { params: { path: { yard_id: yardId } }, body }));

export const postYardClaim = (yardId: number, body: YardClaimCreate) =>
  unwrap(api.POST("/api/scrap-yards/{yard_id}/claims", { params: { path: { yard_id: yardId } }, body }));
