import { BatteryFull, Cable, Cog, CupSoda, Gem, Hexagon, type LucideIcon, Package, Plug, Wrench } from "lucide-react";

// The material categories of SPEC §3 and their icons. Icons, not emoji: a machine without an
// emoji font draws emoji as empty boxes. An icon is decoration (aria-hidden): the category's
// name is always written beside it. Any other category gets a box.
const CATEGORY_ICONS: Record<string, LucideIcon> = {
  copper: Cable,
  brass: Wrench,
  aluminum: CupSoda,
  steel: Cog,
  lead: BatteryFull,
  zinc: Hexagon,
  precious: Gem,
  electronics: Plug,
};

export function categoryIcon(category: string): LucideIcon {
  return CATEGORY_ICONS[category.trim().toLowerCase()] ?? Package;
}
