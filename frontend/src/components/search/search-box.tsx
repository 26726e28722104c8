import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { searchQueries } from "@/api/queries";
import { useAnnounce } from "@/components/feedback/announcer";
import { cityPath, materialAnchor, materialPath } from "@/lib/paths";
import { useDebounced } from "./use-debounced";

/** SPEC §5: a search request is sent only when the text is longer than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
const DEBOUNCE_MS = 200;
/** A city and a material named together lead to that price first: a few, not every grade. */
const PAIRS_SHOWN = 3;

type Option = { key: string; label: string; detail: string; to: string };

export function SearchBox({
  id,
  onNavigate,
  className = "",
}: {
  id?: string;
  onNavigate?: () => void;
  className?: string;
}) {
  const generatedId = useId();
  const inputId = id ?? `search-${generatedId}`;
  const listId = `${inputId}-results`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const announce = useAnnounce();
  const wrapper = useRef<HTMLDivElement>(null);

  const term = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = term.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching, isError } = useQuery({ ...searchQueries.text(term), enabled });

  const options: Option[] = data
    ? [
        ...(data.pairs ?? []).slice(0, PAIRS_SHOWN).flatMap(({ city, material }) => [
          {
            key: `price-${city.id}-${material.id}`,
            label: `${material.name} in ${city.name}`,
            detail: `${city.name} prices`,
            to: `${cityPath(city)}#${materialAnchor(material.slug)}`,
          },
          {
            key: `history-${city.id}-${material.id}`,
            label: `${material.name} price history in ${city.name}`,
            detail: "Chart",
            to: `${materialPath(material)}?city=${encodeURIComponent(city.slug)}`,
          },
        ]),
        ...data.cities.map((city) => ({
          key: `city-${city.id}`,
          label: city.name,
          detail: city.country.name,
          to: cityPath(city),
        })),
        ...data.materials.map((material) => ({
          key: `material-${material.id}`,
          label: material.name,
          detail: material.category,
          to: materialPath(material),
        })),
      ]
    : [];
  const showList = open && text.trim().length >= SEARCH_MIN_LENGTH;

  useEffect(() => {
    if (data && enabled) announce(`${options.length} search results loaded`);
  }, [data, enabled, announce, options.length]);

  useEffect(() => {
    function closeOnOutsideClick(event: MouseEvent) {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("mousedown", closeOnOutsideClick);
    return () => document.removeEventListener("mousedown", closeOnOutsideClick);
  }, []);

  function select(option: Option) {
    setOpen(false);
    setText("");
    setActive(-1);
    onNavigate?.();
    navigate(option.to);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      setOpen(false);
      return;
    }
    if (!showList || options.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === "Enter") {
      const option = options[Math.max(active, 0)];
      if (option) {
        event.preventDefault();
        select(option);
      }
    }
  }

  return (
    <div ref={wrapper} className={`relative ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        Search cities and materials
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={inputId}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search cities or materials..."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
      />
      {showList && (
        <div className="absolute z-40 mt-1 w-full min-w-64 rounded-md border border-slate-200 bg-white shadow-lg">
          <div id={listId} role="listbox" aria-label="Search results" className="max-h-[300px] overflow-y-auto py-1">
            {options.map((option, index) => (
              <div
                key={option.key}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => select(option)}
                onKeyDown={() => undefined}
                className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                  index === active ? "bg-brand-50" : "hover:bg-slate-50"
                }`}
              >
                <span className="font-medium text-slate-900">{option.label}</span>
                <span className="text-xs text-slate-500">{option.detail}</span>
              </div>
            ))}
          </div>
          {options.length === 0 && (
            <p className="px-3 py-2 text-sm text-slate-600">
              {isError
                ? "Search is unavailable right now."
                : isFetching || term !== text.trim()
                  ? "Searching..."
                  : "No results found."}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
