import { useEffect, useRef, useState } from "react";
import type { Schemas } from "@/api/client";
import { CONTROL_CLASSES } from "@/components/forms/form-field";

export type CityChoice = Pick<Schemas["CityListItem"], "slug" | "name" | "country">;

export function cityLabel(city: CityChoice): string {
  return `${city.name}, ${city.country.name}`;
}

/** Folds case and accents: "sao" finds "São Paulo". */
function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The cities whose name or country starts a word with the text typed; all of them when it is empty. */
export function matchingCities(cities: readonly CityChoice[], text: string): CityChoice[] {
  const wanted = folded(text.trim());
  if (!wanted) return [...cities];
  return cities.filter((city) => {
    const label = folded(cityLabel(city));
    return label.startsWith(wanted) || label.split(/[\s,()-]+/).some((word) => word.startsWith(wanted));
  });
}

type Props = {
  id: string;
  cities: readonly CityChoice[];
  value: string;
  onChange: (slug: string) => void;
  /** Shown in the box while no city is chosen (the visitor's location stands in). */
  placeholder: string;
  describedBy?: string;
  invalid: boolean;
};

/**
 * A searchable choice of city: a combobox whose list narrows as the visitor types (the ARIA
 * pattern of a combobox with a list popup). Arrow keys move through the list, Enter chooses,
 * Escape closes it and puts back the city chosen.
 */
export function CityPicker({ id, cities, value, onChange, placeholder, describedBy, invalid }: Props) {
  const chosen = cities.find((city) => city.slug === value);
  const [text, setText] = useState(chosen ? cityLabel(chosen) : "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);
  const listId = `${id}-list`;
  const options = matchingCities(cities, text === (chosen && cityLabel(chosen)) ? "" : text);
  const showList = open && options.length > 0;

  // Another city chosen elsewhere (back and forward, the location button) shows in the box.
  useEffect(() => {
    setText(chosen ? cityLabel(chosen) : "");
  }, [chosen]);

  useEffect(() => {
    function closeOnOutsideClick(event: MouseEvent) {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("mousedown", closeOnOutsideClick);
    return () => document.removeEventListener("mousedown", closeOnOutsideClick);
  }, []);

  function choose(city: CityChoice) {
    setText(cityLabel(city));
    setOpen(false);
    setActive(-1);
    onChange(city.slug);
  }

  /** Leaving the box: a name typed out in full is chosen, anything else gives way to the choice. */
  function settle() {
    setOpen(false);
    const typed = folded(text.trim());
    const exact = cities.find((city) => folded(cityLabel(city)) === typed || folded(city.name) === typed);
    if (exact) choose(exact);
    else setText(chosen ? cityLabel(chosen) : "");
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      setOpen(false);
      setText(chosen ? cityLabel(chosen) : "");
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === "Enter" && showList) {
      const option = options[Math.max(active, 0)];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    }
  }

  return (
    <div ref={wrapper} className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={(event) => {
          if (!wrapper.current?.contains(event.relatedTarget as Node | null)) settle();
        }}
        onKeyDown={onKeyDown}
        className={`${CONTROL_CLASSES} ${invalid ? "border-red-600" : "border-slate-300"}`}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Cities"
        hidden={!showList}
        className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {showList &&
          options.map((city, index) => (
            <div
              key={city.slug}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              aria-label={cityLabel(city)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(city)}
              onKeyDown={() => undefined}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                index === active ? "bg-brand-50" : "hover:bg-slate-50"
              }`}
            >
              <span className="font-medium text-slate-900">{city.name}</span>
              <span className="text-xs text-slate-600">{city.country.name}</span>
            </div>
          ))}
      </div>
    </div>
  );
}
