import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS, type LegalKey, type LegalText } from "@/lib/static-page-texts";
import { renderRoute } from "@/test/render";
import { Component as Disclaimer } from "./content-disclaimer";
import { Component as Privacy } from "./privacy-policy";
import { Component as Terms } from "./terms-of-service";

function renderPage(element: React.ReactElement, url: string) {
  return renderRoute(element, { path: url, url });
}

/** A text of content/legal-pages.json as a reader sees it: its parts' words, no markup. */
function plain(text: LegalText): string {
  if (typeof text === "string") return text;
  return text.map((part) => (typeof part === "string" ? part : "strong" in part ? part.strong : part.link)).join("");
}

function everyText(key: LegalKey): string[] {
  const { intro, sections } = LEGAL_DOCUMENTS[key];
  return [
    ...intro.map(plain),
    ...sections.flatMap(({ title, blocks }) => [
      title,
      ...blocks.flatMap((block) =>
        "p" in block
          ? [plain(block.p)]
          : "list" in block
            ? block.list.map(plain)
            : [block.callout.title, ...block.callout.paragraphs.map(plain)],
      ),
    ]),
  ];
}

const PAGES: [LegalKey, () => React.ReactElement, string][] = [
  ["privacyPolicy", () => <Privacy />, "/privacy-policy"],
  ["termsOfService", () => <Terms />, "/terms-of-service"],
  ["contentDisclaimer", () => <Disclaimer />, "/content-disclaimer"],
];

describe("Policy pages", () => {
  it("privacy policy states its date, response time, retention and age limit", () => {
    renderPage(<Privacy />, "/privacy-policy");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText("Last updated: December 2024")).toBeInTheDocument();
    expect(screen.getByText(/We respond within 30 days/)).toBeInTheDocument();
    expect(screen.getByText("Usage data: 2 years.")).toBeInTheDocument();
    expect(screen.getByText("Technical logs: 1 year.")).toBeInTheDocument();
    expect(screen.getByText(/not intended for children under 13/)).toBeInTheDocument();
    expect(document.title).toBe("Privacy Policy | ScrapIndex");
  });

  it("terms require 18+, give 30 days notice and disclaim demo prices", () => {
    renderPage(<Terms />, "/terms-of-service");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days notice of material changes/)).toBeInTheDocument();
    expect(screen.getByText(/generated demo data set/)).toBeInTheDocument();
  });

  it("content disclaimer covers educational use and converter compliance", () => {
    renderPage(<Disclaimer />, "/content-disclaimer");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Educational use only" })).toBeInTheDocument();
    expect(screen.getByText(/Keep proof of ownership/)).toBeInTheDocument();
    expect(screen.getByText(/Sell only to licensed scrap dealers/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Vehicle recycling" })).toBeInTheDocument();
  });

  // The server shows the same file's text without JavaScript (tests/integration/test_web_no_js_pages.py).
  it.each(PAGES)("%s shows every text of content/legal-pages.json, in order", (key, page, url) => {
    renderPage(page(), url);
    const text = (document.querySelector("article")?.textContent ?? "").replace(/\s+/g, " ");
    let from = 0;
    for (const expected of everyText(key)) {
      const at = text.indexOf(expected, from);
      expect(at, expected).toBeGreaterThanOrEqual(0);
      from = at + expected.length;
    }
    const titles = LEGAL_DOCUMENTS[key].sections.map((section) => section.title);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(titles);
  });

  it("privacy policy says what price alerts, price reports and yard corrections store", () => {
    renderPage(<Privacy />, "/privacy-policy");
    const item = (lead: string) => screen.getByText(lead, { selector: "strong" }).closest("li")?.textContent ?? "";
    expect(item("Price alerts:")).toMatch(/your email address, the city, and either the material, the price threshold/);
    expect(item("Price alerts:")).toMatch(/daily or weekly digest/);
    expect(item("Price reports:")).toMatch(
      /the price you were paid .* the city, the material, .* the date you were paid/,
    );
    expect(item("Price reports:")).toMatch(/your optional note, which only our moderators read/);
    expect(item("Yard corrections:")).toMatch(/the changes you suggest .*, your email address and your optional note/);
    expect(item("Rate limiting:")).toMatch(/a price alert, a price report or a yard correction/);
    for (const link of screen.getAllByRole("link", { name: "contact page" })) {
      expect(link).toHaveAttribute("href", "/contact");
    }
  });
});
