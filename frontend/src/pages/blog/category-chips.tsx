import { Button } from "@/components/ui/button";
import { BLOG_CATEGORIES, type BlogCategory } from "./categories";

function Chip({ pressed, label, onClick }: { pressed: boolean; label: string; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant={pressed ? "primary" : "outline"}
      aria-pressed={pressed}
      onClick={onClick}
      className="rounded-full"
    >
      {label}
    </Button>
  );
}

/** "All" plus one chip per category; exactly one is pressed. */
export function CategoryChips({
  selected,
  onSelect,
}: {
  selected: BlogCategory | null;
  onSelect: (category: BlogCategory | null) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Filter articles by category</legend>
      <div className="flex flex-wrap gap-2">
        <Chip pressed={selected === null} label="All" onClick={() => onSelect(null)} />
        {BLOG_CATEGORIES.map((category) => (
          <Chip
            key={category.slug}
            pressed={selected?.slug === category.slug}
            label={category.label}
            onClick={() => onSelect(category)}
          />
        ))}
      </div>
    </fieldset>
  );
}
