import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { SearchBox } from "./search-box";

const fetchSpy = spyOnFetch();

const johannesburg = {
  id: 1,
  name: "Johannesburg",
  slug: "johannesburg",
  country: { code: "ZA", name: "South Africa" },
};
const copper = { id: 3, name: "Copper", slug: "copper", category: "Copper" };

function answer(body: unknown) {
  fetchSpy.mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    return url.pathname === "/api/search" ? Response.json(body) : Response.json({}, { status: 404 });
  });
}

describe("the header search", () => {
  it("leads a city and a material named together to that city's price, and to its history", async () => {
    answer({ cities: [], materials: [], pairs: [{ city: johannesburg, material: copper }] });
    const { router } = renderRoute(<SearchBox />, { path: "/", url: "/" });
    fireEvent.change(screen.getByRole("combobox", { name: "Search cities and materials" }), {
      target: { value: "copper johannesburg" },
    });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Copper in JohannesburgJohannesburg prices",
      "Copper price history in JohannesburgChart",
    ]);
    fireEvent.click(options[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/za/johannesburg"));
    expect(router.state.location.hash).toBe("#price-copper");
  });

  it("opens the material page at that city from the second option", async () => {
    answer({ cities: [], materials: [], pairs: [{ city: johannesburg, material: copper }] });
    const { router } = renderRoute(<SearchBox />, { path: "/", url: "/" });
    fireEvent.change(screen.getByRole("combobox", { name: "Search cities and materials" }), {
      target: { value: "scrap copper price johannesburg" },
    });
    fireEvent.click(await screen.findByRole("option", { name: /price history in Johannesburg/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/material/copper"));
    expect(router.state.location.search).toBe("?city=johannesburg");
  });

  it("lists cities and materials as before when the text names no pair", async () => {
    answer({ cities: [johannesburg], materials: [copper] });
    renderRoute(<SearchBox />, { path: "/", url: "/" });
    fireEvent.change(screen.getByRole("combobox", { name: "Search cities and materials" }), {
      target: { value: "joh" },
    });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["JohannesburgSouth Africa", "CopperCopper"]);
  });
});
