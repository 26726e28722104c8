import { BatteryFull, Cable, Cog, CupSoda, Gem, Hexagon, Package, Plug, Wrench } from "lucide-react";
import { describe, expect, it } from "vitest";
import { categoryIcon } from "./categories";

describe("categoryIcon", () => {
  it("has one icon per spec category, whatever the case, and a box for others", () => {
    expect(categoryIcon("Copper")).toBe(Cable);
    expect(categoryIcon("brass")).toBe(Wrench);
    expect(categoryIcon(" Aluminum ")).toBe(CupSoda);
    expect(categoryIcon("Steel")).toBe(Cog);
    expect(categoryIcon("Lead")).toBe(BatteryFull);
    expect(categoryIcon("Zinc")).toBe(Hexagon);
    expect(categoryIcon("Precious")).toBe(Gem);
    expect(categoryIcon("Electronics")).toBe(Plug);
    expect(categoryIcon("Plastic")).toBe(Package);
  });
});
