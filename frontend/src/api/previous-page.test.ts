import { describe, expect, it } from "vitest";
import { previousPageOf } from "./queries";

describe("previousPageOf", () => {
  const page = { data: ["Halifax"], pagination: { page: 1 } };
  const keep = previousPageOf("/api/materials/copper/markets");

  it("keeps the previous page of the same list while the next loads", () => {
    expect(keep(page, { queryKey: ["/api/materials/copper/markets", { page: 1 }] })).toBe(page);
  });

  it("never shows another list's page in its place", () => {
    expect(keep(page, { queryKey: ["/api/materials/brass/markets", { page: 1 }] })).toBeUndefined();
    expect(keep(page, undefined)).toBeUndefined();
  });
});
