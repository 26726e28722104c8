import { describe, expect, it } from "vitest";
import siteNav from "../../../../content/site-nav.json";
import { NAV_LINKS } from "./nav-links";

// The server's header for a browser without JavaScript (templates/fallback/header.html) reads
// content/site-nav.json: the same links, labels and section rules as the app's header.
describe("the header's links", () => {
  it("are the same in the app and in the server's page without JavaScript", () => {
    expect(
      NAV_LINKS.map((link) => ({ to: link.to, label: link.label, alsoFor: link.alsoFor.map((rule) => rule.source) })),
    ).toEqual(siteNav.links.map((link) => ({ ...link, alsoFor: link.alsoFor.map((rule) => new RegExp(rule).source) })));
  });
});
