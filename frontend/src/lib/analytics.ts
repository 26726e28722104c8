// Usage events and page views. Does nothing unless an endpoint is configured at build time
// (VITE_ANALYTICS_URL); no third-party script is ever loaded by this module.

import { env } from "@/config/env";

export type UsageEvent = {
  action: string;
  category: string;
  label?: string;
};

const endpoint = env.analyticsUrl;

function send(payload: Record<string, unknown>): void {
  if (!endpoint) return;
  const body = JSON.stringify({ ...payload, at: new Date().toISOString() });
  if (navigator.sendBeacon?.(endpoint, body)) return;
  void fetch(endpoint, { method: "POST", body, keepalive: true }).catch(() => undefined);
}

export function trackPageView(path: string): void {
  send({ type: "page_view", path });
}

export function trackEvent(event: UsageEvent): void {
  send({ type: "event", ...event });
}

export const analyticsEnabled = Boolean(endpoint);
