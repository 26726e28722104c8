import type { ReactNode } from "react";

/** The server's answer to a refused form (422, 429, 400), read out as soon as it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      className={message ? "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" : ""}
    >
      {message}
    </div>
  );
}

/** The 202 answer's message; focused so keyboard and screen reader users land on it. */
export function SentMessage({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      tabIndex={-1}
      ref={(element) => element?.focus()}
      className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
      {children}
    </div>
  );
}
