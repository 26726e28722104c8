import { describe, expect, it } from "vitest";
import { siteRoot } from "./page-meta";

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, "text/html");
}

describe("siteRoot", () => {
  it("is the origin of the canonical link the server made", () => {
    const doc = documentWith('<link rel="canonical" href="http://127.0.0.1:8100/za/johannesburg">');
    expect(siteRoot(doc)).toBe("http://127.0.0.1:8100");
  });

  it("falls back to this page's origin without one", () => {
    expect(siteRoot(documentWith(""))).toBe(window.location.origin);
  });
});
