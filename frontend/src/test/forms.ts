// What the tests of the visitor's forms share: the lists they offer, opening a form's dialog and
// reading what it sent.
import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { expect, type MockInstance } from "vitest";
import type { Material } from "@/api/client";
import { cityQueries, materialQueries } from "@/api/queries";
import { JOHANNESBURG, makeCity } from "./factories";
import { renderRoute } from "./render";

// The machine may be busy running other suites: give async UI a little longer than the 1 s default.
export const WAIT = { timeout: 4000 };

/** Presses the button that opens a form's dialog; the dialog once its code has loaded. */
export async function openDialog(user: UserEvent, button: string, dialog: string) {
  await user.click(screen.getByRole("button", { name: button }));
  return within(await screen.findByRole("dialog", { name: dialog }, WAIT));
}

/** The first request the page made: a POST to `path`, and the JSON it sent. */
export async function postedBody(fetchSpy: MockInstance<typeof fetch>, path: string): Promise<Record<string, unknown>> {
  const request = fetchSpy.mock.calls[0]?.[0] as Request;
  expect(request.method).toBe("POST");
  expect(new URL(request.url).pathname).toBe(path);
  return (await request.clone().json()) as Record<string, unknown>;
}

const material = (
  id: number,
  name: string,
  slug: string,
  { category = "Copper", saleUnit = "kg" }: Partial<Pick<Material, "category" | "saleUnit">> = {},
): Material => ({ id, name, slug, category, saleUnit, grade: null, description: "" });

// Small copies of live API answers (GET /api/materials, /api/cities): by weight, precious metal
// by the troy ounce and by the piece.
export const MATERIALS: Material[] = [
  material(1, "Copper", "copper"),
  material(2, "Bare Bright Copper", "bare-bright-copper"),
  material(28, "Catalytic Converters", "catalytic-converters", { category: "Precious", saleUnit: "piece" }),
  material(29, "Silver (Sterling)", "silver", { category: "Precious", saleUnit: "troy_oz" }),
];

export const LONDON = makeCity({
  id: 60,
  name: "London",
  countryCode: "GB",
  latitude: 51.5072,
  longitude: -0.1276,
  timeZone: "Europe/London",
});

export const CITIES = [JOHANNESBURG, LONDON];

/** Renders a form's button with the material and city lists in the cache, as the pages have them. */
export function renderWithLists(element: ReactElement) {
  return renderRoute(element, {
    path: "/",
    url: "/",
    seed: [
      [materialQueries.list().queryKey, MATERIALS],
      [cityQueries.list().queryKey, CITIES],
    ],
  });
}
