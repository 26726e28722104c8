import { useState } from "react";

type Announced = { text: string; count: number };

/** What the last decision did, said to screen readers (and shown) in a polite live region. */
export function useAnnouncer(): [Announced | null, (text: string) => void] {
  const [announced, setAnnounced] = useState<Announced | null>(null);
  const announce = (text: string) => setAnnounced((last) => ({ text, count: (last?.count ?? 0) + 1 }));
  return [announced, announce];
}

export function Announcement({ announced }: { announced: Announced | null }) {
  return (
    <div role="status" className="mb-4 empty:mb-0">
      {announced && (
        // A new node per decision, so the same sentence twice is announced twice.
        <p key={announced.count} className="rounded-md bg-slate-100 p-2 text-sm font-medium text-slate-900">
          {announced.text}
        </p>
      )}
    </div>
  );
}
