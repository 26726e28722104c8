import texts from "../../../content/page-meta.json";
import { fullTitle } from "./page-meta";
import { fillTemplate, PAGE_TEXT_PARAMS, pageText, placeholdersOf, withPageSuffix } from "./page-texts";

type Entry = { title: string; description?: string; keywords?: string; noindex?: boolean };
const ENTRIES: [string, Entry][] = Object.entries(texts);

/** Values like the server's: plain, already formatted strings. */
const TYPICAL: Record<string, string> = {
  city: "Johannesburg",
  country: "South Africa",
  currency: "ZAR",
  material: "Bare Bright Copper",
  category: "Copper",
  yard: "Pioneer Metal Traders",
  address: "39 Old Pretoria Road, Selby, Johannesburg, 2001",
  region: "California",
  cityCount: "5",
  page: "2",
};

describe("pageText", () => {
  it("fills every placeholder of title, description and keywords", () => {
    expect(pageText("city", { city: "Johannesburg", country: "South Africa", currency: "ZAR" })).toEqual({
      title: "Johannesburg Scrap Metal Prices",
      description:
        "Scrap metal prices in Johannesburg, South Africa, in ZAR: copper, brass, aluminum, steel and more, with top-rated scrap yards and trading law guidance.",
      keywords:
        "Johannesburg scrap metal prices, scrap copper price Johannesburg, scrap yards Johannesburg, South Africa scrap prices",
    });
  });

  it("returns fixed texts for keys without parameters, with noindex only where flagged", () => {
    expect(pageText("home").title).toBe("ScrapIndex - Scrap Metal Prices by City and Scrap Yard Directory");
    expect(pageText("home").noindex).toBeUndefined();
    expect(pageText("cityNotFound")).toEqual({
      title: "City Not Found",
      description: "The city you're looking for doesn't exist.",
      noindex: true,
    });
    expect(pageText("blog")).not.toHaveProperty("keywords");
  });

  it("inserts values as they are, without reading placeholders inside them", () => {
    const meta = pageText("blogPost", { title: "Price of {material}", description: "A $1 & <b> guide" });
    expect(meta).toEqual({ title: "Price of {material}", description: "A $1 & <b> guide" });
  });

  it("throws when a placeholder has no value", () => {
    // @ts-expect-error: the currency is missing
    expect(() => pageText("city", { city: "Johannesburg", country: "South Africa" })).toThrow(/\{currency\}/);
    expect(() => fillTemplate("{a} and {b}", { a: "x" })).toThrow(/\{b\}/);
    expect(() => fillTemplate("{toString}", {})).toThrow(/\{toString\}/);
  });
});

describe("withPageSuffix", () => {
  const meta = pageText("cityYards", { city: "Johannesburg", country: "South Africa" });

  it("leaves page 1 alone", () => {
    expect(withPageSuffix(meta, 1)).toBe(meta);
  });

  it("adds the page number after the title, before the brand", () => {
    const paged = withPageSuffix(meta, 3);
    expect(paged.title).toBe("Scrap Yards in Johannesburg, South Africa - Page 3");
    expect(paged.description).toBe(meta.description);
    expect(fullTitle(paged.title)).toBe("Scrap Yards in Johannesburg, South Africa - Page 3 | ScrapIndex");
  });
});

describe("content/page-meta.json", () => {
  it("has a parameter list for every key and no list without a key", () => {
    expect(Object.keys(PAGE_TEXT_PARAMS).sort()).toEqual(Object.keys(texts).sort());
  });

  it.each(ENTRIES)("%s uses exactly its declared parameters", (key, entry) => {
    const declared: readonly string[] = PAGE_TEXT_PARAMS[key as keyof typeof PAGE_TEXT_PARAMS];
    const used = [entry.title, entry.description ?? "", entry.keywords ?? ""].flatMap(placeholdersOf);
    expect(new Set(used)).toEqual(new Set(declared));
  });

  it.each(ENTRIES)("%s is well formed", (key, entry) => {
    const fields = ["heading", "title", "description", "keywords", "noindex"];
    expect(Object.keys(entry).every((field) => fields.includes(field))).toBe(true);
    // A heading is shown as written, by the page and by the server's fallback: no placeholders.
    if ("heading" in entry) expect(entry.heading).toMatch(/^[^{}]+$/);
    expect(entry.title).not.toMatch(/\| ScrapIndex$/);
    if (key === "pageSuffix") {
      expect(entry.description).toBeUndefined();
      return;
    }
    expect(entry.title.trim()).not.toBe("");
    expect(entry.description?.trim()).toBeTruthy();
    // Only braces that make a placeholder: the server fills the same templates.
    const all = [entry.title, entry.description ?? "", entry.keywords ?? ""].join(" ");
    expect(all.replace(/\{\w+\}/g, "")).not.toMatch(/[{}]/);
  });

  it.each(ENTRIES.filter(([key]) => key !== "blogPost" && key !== "pageSuffix"))(
    "%s has a description of at most 160 characters with typical values",
    (_key, entry) => {
      expect(fillTemplate(entry.description ?? "", TYPICAL).length).toBeLessThanOrEqual(160);
    },
  );

  it("flags exactly the not-found pages and the operator console noindex", () => {
    const flagged = ENTRIES.filter(([, entry]) => entry.noindex).map(([key]) => key);
    expect(flagged.sort()).toEqual([
      "admin",
      "cityNotFound",
      "materialNotFound",
      "notFound",
      "postNotFound",
      "yardNotFound",
    ]);
  });
});
