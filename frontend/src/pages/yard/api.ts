// Issue 17's yard corrections: a visitor's fix to a yard's details, for a moderator to approve.
import { api, unwrap, type YardSuggestionCreate } from "@/api/client";

export const postYardSuggestion = (yardId: number, body: YardSuggestionCreate) =>
  unwrap(api.POST("/api/scrap-yards/{yard_id}/suggestions", { params: { path: { yard_id: yardId } }, body }));
