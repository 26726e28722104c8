// Issue 38's console actions: an owner posts prices and the profile; operators decide claims and
// add, suspend and reinstate owners. Each answers the record as it now stands.
import { unwrap } from "@/api/client";
import type { ConsoleApi } from "./session";
import type { PostedLine, ProfileUpdate } from "./types";

export const postMyPrices = (api: ConsoleApi, { id, prices }: { id: number; prices: PostedLine[] }) =>
  unwrap(api.PUT("/api/owner/yards/{yard_id}/prices", { params: { path: { yard_id: id } }, body: { prices } }));

export const updateMyProfile = (api: ConsoleApi, { id, profile }: { id: number; profile: ProfileUpdate }) =>
  unwrap(api.PUT("/api/owner/yards/{yard_id}/profile", { params: { path: { yard_id: id } }, body: profile }));

export const approveClaim = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/yard-owners/claims/{claim_id}/approve", { params: { path: { claim_id: id } } }));

export const refuseClaim = (api: ConsoleApi, { id, reason }: { id: number; reason: string }) =>
  unwrap(
    api.POST("/api/admin/yard-owners/claims/{claim_id}/refuse", {
      params: { path: { claim_id: id } },
      body: { reason },
    }),
  );

export const addOwner = (api: ConsoleApi, body: { yardId: number; email: string }) =>
  unwrap(api.POST("/api/admin/yard-owners", { body }));

export const suspendOwner = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/yard-owners/{owner_id}/suspend", { params: { path: { owner_id: id } } }));

export const reinstateOwner = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/yard-owners/{owner_id}/reinstate", { params: { path: { owner_id: id } } }));
