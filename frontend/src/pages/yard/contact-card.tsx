import { ExternalLink, Globe, Mail, MapPin, Navigation, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { YardDetail } from "@/api/client";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { directionsHref, mailtoHref, telHref } from "@/components/yards/links";
import { trackEvent } from "@/lib/analytics";

const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-slate-500">{icon}</span>
      <div className="min-w-0 flex-1 text-sm text-slate-800">{children}</div>
    </div>
  );
}

export function ContactCard({ yard }: { yard: YardDetail }) {
  const track = (action: string) => () => trackEvent({ action, category: "scrap_yards", label: yard.name });
  const small = buttonClasses("outline", "sm");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Row icon={<MapPin aria-hidden="true" className="h-4 w-4" />}>
          <address className="not-italic">{yard.address}</address>
        </Row>
        {yard.phone && (
          <Row icon={<Phone aria-hidden="true" className="h-4 w-4" />}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{yard.phone}</span>
              <a href={telHref(yard.phone)} className={small} onClick={track("call")}>
                Call
              </a>
            </div>
          </Row>
        )}
        {yard.email && (
          <Row icon={<Mail aria-hidden="true" className="h-4 w-4" />}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="break-all">{yard.email}</span>
              <a href={mailtoHref(yard.email)} className={small} onClick={track("email")}>
                Email
              </a>
            </div>
          </Row>
        )}
        {yard.website && (
          <Row icon={<Globe aria-hidden="true" className="h-4 w-4" />}>
            <a
              href={yard.website}
              {...NEW_TAB}
              className="inline-flex items-center gap-1 text-brand-700 hover:underline"
            >
              Visit Website
              <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Row>
        )}
        <a
          href={directionsHref(yard)}
          {...NEW_TAB}
          className={`${buttonClasses("primary", "md")} w-full`}
          onClick={track("directions")}
        >
          <Navigation aria-hidden="true" className="h-4 w-4" />
          Get Directions
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}
