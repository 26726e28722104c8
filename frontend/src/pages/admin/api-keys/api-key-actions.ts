// Issue 39: operators make, rotate and revoke the API's keys and see each key's use per day.
import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "@/api/client";
import type { components } from "@/api/schema";
import { CONSOLE_KEY, type ConsoleApi } from "../api/session";
import type { PageQuery } from "../api/types";

export type AdminApiKey = components["schemas"]["AdminApiKey"];
export type ApiKeyCreate = components["schemas"]["ApiKeyCreate"];
export type ApiKeyCreated = components["schemas"]["ApiKeyCreated"];
export type ApiKeyUsage = components["schemas"]["ApiKeyUsage"];

export const apiKeysQuery = (api: ConsoleApi, query: PageQuery) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, "/api/admin/api-keys", query],
    queryFn: () => unwrap(api.GET("/api/admin/api-keys", { params: { query } })),
    staleTime: 0,
  });

export const apiKeyUsageQuery = (api: ConsoleApi, id: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, "/api/admin/api-keys/{key_id}/usage", { id }],
    queryFn: () => unwrap(api.GET("/api/admin/api-keys/{key_id}/usage", { params: { path: { key_id: id } } })),
    staleTime: 0,
  });

export const createApiKey = (api: ConsoleApi, body: ApiKeyCreate) => unwrap(api.POST("/api/admin/api-keys", { body }));

export const rotateApiKey = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/api-keys/{key_id}/rotate", { params: { path: { key_id: id } } }));

export const revokeApiKey = (api: ConsoleApi, id: number) =>
  unwrap(api.POST("/api/admin/api-keys/{key_id}/revoke", { params: { path: { key_id: id } } }));
