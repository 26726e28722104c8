// The material categories of SPEC §3 and their emoji; any other category gets a box.
const CATEGORY_EMOJI: Record<string, string> = {
  copper: "🟠",
  brass: "🟡",
  aluminum: "⚪",
  steel: "⚙️",
  lead: "⚫",
  zinc: "🔷",
  precious: "💎",
  electronics: "🔌",
};

export function categoryEmoji(category: string): string {
  return CATEGORY_EMOJI[category.trim().toLowerCase()] ?? "📦";
}
