// Issue 39: operators confirm or reject how a dealers' register entry matches a yard.
import { unwrap } from "@/api/client";
import type { components } from "@/api/schema";
import type { ConsoleApi } from "../api/session";

export type AdminYardLicence = components["schemas"]["AdminYardLicence"];
export type LicenceStatus = AdminYardLicence["status"];

export const confirmLicence = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/yard-licences/{licence_id}/confirm", { params: { path: { licence_id: id } } }));

export const rejectLicence = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/yard-licences/{licence_id}/reject", { params: { path: { licence_id: id } } }));
