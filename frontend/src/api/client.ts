import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];
export type City = Schemas["CityPublic"];
export type CityRef = Schemas["CityRef"];
export type CityPriceRow = Schemas["CityPriceRow"];
export type MaterialPriceRow = Schemas["MaterialPriceRow"];
export type MarketPage = Schemas["MarketPage"];
export type MarketSummary = Schemas["MarketSummary"];
export type CityOverview = Schemas["CityOverview"];
export type Material = Schemas["MaterialPublic"];
export type MaterialSummary = Schemas["MaterialSummary"];
export type PriceHistory = Schemas["PriceHistoryPublic"];
export type Sparkline = Schemas["SparklinePublic"];
export type Yard = Schemas["YardPublic"];
export type YardDetail = Schemas["YardDetail"];
export type YardPage = Schemas["YardPage"];
export type YardStats = Schemas["YardStatsPublic"];
export type WeeklyHours = Schemas["HoursInterval"][];
export type Region = Schemas["RegionPublic"];
export type RegionPriceRow = Schemas["RegionPriceRow"];
export type Insights = Schemas["InsightsPublic"];
export type Mover = Schemas["MoverPublic"];
export type Country = Schemas["CountryPublic"];
export type LegalItem = Schemas["LegalItem"];
export type SellerChecklist = Schemas["SellerChecklist"];
export type ChecklistItem = Schemas["ChecklistItem"];
export type RegionalLine = Schemas["RegionalLine"];
export type BlogPostSummary = Schemas["BlogPostSummary"];
export type BlogPost = Schemas["BlogPostPublic"];
export type SearchResults = Schemas["SearchResults"];
export type SiteStats = Schemas["SiteStats"];
export type PriceReportCreate = Schemas["PriceReportCreate"];
export type PriceReportSummary = Schemas["PriceReportSummary"];
export type YardSuggestionCreate = Schemas["YardSuggestionCreate"];
export type YardChanges = Schemas["YardChanges"];
export type AlertCreate = Schemas["AlertCreate"];
export type CalculatorAnswer = Schemas["CalculatorAnswer"];
export type CalculatorLine = Schemas["CalculatorLine"];
export type CalculatorYard = Schemas["CalculatorYard"];
export type CalculatorYardLine = Schemas["CalculatorYardLine"];
/** The 202 answer of the public report and correction forms. */
export type Accepted = Schemas["Accepted"];

/** A failed request. Its message follows the spec: "404: {body}" (status text when empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/**
 * A client typed by the API's OpenAPI schema (schema.d.ts): a path, parameter or body the server
 * does not have fails to type-check. Absolute URLs on the page's own origin, the session cookie
 * sent, and fetch looked up at call time: the same client then works in the browser and under
 * Vitest, where tests answer requests at the network boundary.
 */
export function createApiClient(headers?: Record<string, string>) {
  return createClient<paths>({
    baseUrl: globalThis.location?.origin ?? "",
    credentials: "include",
    fetch: (request) => globalThis.fetch(request),
    headers,
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The public site's client. */
export const api = createApiClient();

type Outcome<T> = { data?: T; error?: unknown; response: Response };

function failure(response: Response, error: unknown): ApiError {
  const body = error === undefined ? "" : typeof error === "string" ? error : JSON.stringify(error);
  return new ApiError(response.status, `${response.status}: ${body || response.statusText}`);
}

/** Unwraps an openapi-fetch result, turning any non-OK answer into an ApiError. */
export async function unwrap<T>(request: Promise<Outcome<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (!response.ok || data === undefined) throw failure(response, error);
  return data;
}

/** For an answer without a body (204 No Content): resolves on success, else throws as unwrap does. */
export async function unwrapEmpty(request: Promise<Outcome<unknown>>): Promise<void> {
  const { error, response } = await request;
  if (!response.ok) throw failure(response, error);
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** The API's own message, for showing to a person ("City 'x' not found"). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.message.slice(error.message.indexOf(":") + 2);
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
    } catch {
      // not JSON: fall through to the raw text
    }
    return error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong";
}
