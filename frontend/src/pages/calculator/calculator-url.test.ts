import table from "../../../../tests/fixtures/calculator-url-cases.json";
import { calculatorQuery, calculatorSearch, readCalculatorUrl } from "./calculator-url";

// The same cases tests/unit/test_calculator_url.py runs against the server's reader.
describe("the calculator's URL", () => {
  it.each(table.cases)("?$url", ({ url, list, api }) => {
    const read = readCalculatorUrl(new URLSearchParams(url));
    expect(read).toEqual(list);
    expect(calculatorQuery(read, null)).toEqual(api);
  });

  it("stands the visitor's location in for a city, and a city wins over it", () => {
    const listed = readCalculatorUrl(new URLSearchParams("item=copper-1:1:kg"));
    expect(calculatorQuery(listed, "-33.9,18.4")).toEqual({ near: "-33.9,18.4", item: ["copper-1:1:kg"] });
    const withCity = readCalculatorUrl(new URLSearchParams("city=durban&item=copper-1:1:kg"));
    expect(calculatorQuery(withCity, "-33.9,18.4")).toEqual({ city: "durban", item: ["copper-1:1:kg"] });
  });

  it("writes a list as a plain link that reads back the same", () => {
    const list = {
      city: "cape-town",
      items: ["copper-1:12:kg", "lead:1.5:lb"],
      costPerDistance: "",
      at: "2026-11-29T10:00",
    };
    const search = calculatorSearch(list);
    expect(search).toBe("city=cape-town&item=copper-1:12:kg&item=lead:1.5:lb&at=2026-11-29T10:00");
    expect(readCalculatorUrl(new URLSearchParams(search))).toEqual(list);
  });
});
