// The console's API types: generated from the OpenAPI schema (make api-types), named for the
// console. Yard corrections come as free-form objects in the schema; their keys are YardChanges'
// (read with yardFields() in queue/suggestion-queue.tsx).
import type { components } from "@/api/schema";

type Schemas = components["schemas"];

/** POST /api/auth/login and GET /api/auth/me. */
export type Session = Schemas["LoginPublic"];
export type Operator = Schemas["OperatorPublic"];
export type Role = Operator["role"];

export type Pagination = Schemas["Pagination"];
export type Page<T> = { data: T[]; pagination: Pagination };
export type PageQuery = { page: number; limit: number };

export type Summary = Schemas["AdminSummary"];
export type AdminPriceReport = Schemas["AdminPriceReport"];
export type ReviewStatus = AdminPriceReport["status"];
/** A yard's correctable fields; the yard's present value of one may be unknown (null). */
export type YardFields = { [Field in keyof Schemas["YardChanges"]]?: Schemas["YardChanges"][Field] | null };
export type AdminYardSuggestion = Schemas["AdminYardSuggestion"];
/** A yard correction's status: a review's, or "reverted" (applied, then put back). */
export type SuggestionStatus = AdminYardSuggestion["status"];
export type ContactMessage = Schemas["AdminContactMessage"];
export type Subscriber = Schemas["AdminSubscriber"];
export type ImportRun = Schemas["AdminImportRun"];
export type ImportRunStatus = ImportRun["status"];
export type ImportRunDetail = Schemas["AdminImportRunDetail"];
export type DataCheck = Schemas["AdminDataCheck"];
export type Finding = Schemas["AdminDataFinding"];
export type AuditEntry = Schemas["AuditEntryPublic"];
export type ConsoleUser = Schemas["OperatorAccount"];

// Issue 38: yards' owners (their screens) and the operators' claims queue and owner accounts.
export type MyYardItem = Schemas["MyYardItem"];
export type MyYard = Schemas["MyYard"];
export type OwnerMaterial = Schemas["OwnerMaterial"];
export type PostedLine = Schemas["PostedLine"];
export type ProfileUpdate = Schemas["ProfileUpdate"];
export type YardClaimPublic = Schemas["YardClaimPublic"];
export type AdminYardClaim = Schemas["AdminYardClaim"];
export type ClaimStatus = AdminYardClaim["status"];
export type AdminYardOwner = Schemas["AdminYardOwner"];
