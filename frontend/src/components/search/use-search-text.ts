import { useEffect, useState } from "react";
import { useDebounced } from "./use-debounced";

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's own text, written to the URL once typing pauses. A different `q` arriving from
 * the URL (back button, a link) replaces the text.
 */
export function useSearchText(q: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(q);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    setText(q);
  }
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled === text && settled !== q) commit(settled);
  }, [settled, text, q, commit]);
  return [text, setText];
}
