import { describe, expect, it } from "vitest";

// The chart library must only download on this page, and only with the chart itself:
// price-chart.tsx is the one file that imports uPlot, and it is reached only through
// React.lazy (a dynamic import), never a static one.
const sources = import.meta.glob<string>(["./*.tsx", "./*.ts", "!./*.test.*"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("lazy chart boundary", () => {
  it("imports uPlot only in price-chart.tsx", () => {
    expect(Object.keys(sources)).toContain("./index.tsx");
    for (const [file, text] of Object.entries(sources)) {
      const importsChartLibrary = /from\s+["']uplot["']|import\(\s*["']uplot["']\s*\)/.test(text);
      expect(importsChartLibrary, file).toBe(file === "./price-chart.tsx");
    }
  });

  it("reaches price-chart only through a dynamic import", () => {
    for (const [file, text] of Object.entries(sources)) {
      if (file === "./price-chart.tsx") continue;
      expect(/from\s+["']\.\/price-chart["']/.test(text), file).toBe(false);
    }
    expect(sources["./price-trends.tsx"]).toMatch(/lazy\(\s*\(\)\s*=>\s*import\(\s*["']\.\/price-chart["']\s*\)/);
  });
});
