import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";

// Screen-reader announcements, cleared after one second (SPEC §2).
export const ANNOUNCEMENT_MS = 1000;

const AnnouncerContext = createContext<(message: string) => void>(() => undefined);

export function useAnnounce(): (message: string) => void {
  return useContext(AnnouncerContext);
}

export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(""), ANNOUNCEMENT_MS);
  }, []);
  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
        {message}
      </div>
    </AnnouncerContext.Provider>
  );
}
