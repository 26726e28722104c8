import { ApiError } from "@/api/client";

/** The problems of an owner's refused post or profile (422 `{message, detail, problems}`), if any. */
export function refusalProblems(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(":") + 2)) as { problems?: unknown };
    return Array.isArray(body.problems) ? body.problems.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
