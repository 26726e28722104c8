import { describe, expect, it } from "vitest";
import table from "../../../tests/fixtures/path-cases.json";
import { cityYardsPath, countryPath, materialPath, yardPath } from "./paths";

type Args = (string | number)[];

// The same table tests/unit/test_paths.py runs against the server's builders.
const BUILDERS: Record<string, (args: Args) => string> = {
  place: ([code, slug]) => countryPath(String(code), String(slug)),
  cityYards: ([code, slug]) => cityYardsPath({ slug: String(slug), country: { code: String(code) } }),
  material: ([slug]) => materialPath({ slug: String(slug) }),
  yard: ([id]) => yardPath({ id: Number(id) }),
};

describe("the addresses shared with the server", () => {
  it.each(table.cases)("$builder $path", ({ builder, args, path }) => {
    expect(BUILDERS[builder]?.(args)).toBe(path);
  });

  it("has a case for every builder", () => {
    expect(new Set(table.cases.map((c) => c.builder))).toEqual(new Set(Object.keys(BUILDERS)));
  });
});
