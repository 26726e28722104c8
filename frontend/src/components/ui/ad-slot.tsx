import { env } from "@/config/env";

/**
 * Where an ad may go. With no ad provider configured (VITE_ADS_CLIENT unset) it renders
 * nothing, so no empty box stands in the page; with one, the slot keeps its height from the
 * first paint so the ad that fills it later shifts nothing. No ad script is loaded here.
 */
export function AdSlot({
  id,
  className = "",
  client = env.adsClient,
}: {
  id: string;
  className?: string;
  client?: string;
}) {
  if (!client) return null;
  return (
    <div
      id={id}
      data-ad-slot={id}
      data-ad-client={client}
      className={`flex min-h-[90px] items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-100 text-xs uppercase tracking-wide text-slate-600 ${className}`}
    >
      Advertisement
    </div>
  );
}
