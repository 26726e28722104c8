import { describe, expect, it } from "vitest";
import { categoryEmoji } from "./categories";

describe("categoryEmoji", () => {
  it("has one emoji per spec category, whatever the case, and a box for others", () => {
    expect(categoryEmoji("Copper")).toBe("🟠");
    expect(categoryEmoji("brass")).toBe("🟡");
    expect(categoryEmoji(" Aluminum ")).toBe("⚪");
    expect(categoryEmoji("Steel")).toBe("⚙️");
    expect(categoryEmoji("Lead")).toBe("⚫");
    expect(categoryEmoji("Zinc")).toBe("🔷");
    expect(categoryEmoji("Precious")).toBe("💎");
    expect(categoryEmoji("Electronics")).toBe("🔌");
    expect(categoryEmoji("Plastic")).toBe("📦");
  });
});
