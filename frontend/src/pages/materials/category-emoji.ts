const EMOJI: Record<string, string> = {
  Copper: "🟠",
  Brass: "🟡",
  Aluminum: "⚪",
  Steel: "⚙️",
  Lead: "⚫",
  Zinc: "🔷",
  Precious: "💎",
  Electronics: "🔌",
};

/** The category's emoji; any category not in the spec's list gets a box. */
export function categoryEmoji(category: string): string {
  return EMOJI[category] ?? "📦";
}
