// Issue 18: price alerts, confirmed by a link in a mail before they start.
import { type AlertCreate, api, unwrap } from "@/api/client";

export const postAlert = (body: AlertCreate) => unwrap(api.POST("/api/alerts", { body }));
