import { categoryIcon } from "@/lib/categories";

/** A material category's icon: decoration only, so the category's name must be written beside it. */
export function CategoryIcon({ category, className = "h-4 w-4" }: { category: string; className?: string }) {
  const Icon = categoryIcon(category);
  return <Icon aria-hidden="true" data-testid="category-icon" className={`shrink-0 ${className}`} />;
}
