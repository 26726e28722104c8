import { Clock, type LucideIcon, Mail, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { env } from "@/config/env";
import { CONTACT_TEXTS } from "@/lib/static-page-texts";

const DETAIL_ICONS: Record<string, LucideIcon> = { message: MessageSquare, clock: Clock };

// Set VITE_CONTACT_EMAIL at build time to publish an address; without it the form is the way in.
const CONTACT_EMAIL = env.contactEmail;

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="flex gap-3 p-4">
        <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <div className="mt-0.5 text-sm leading-6 text-slate-700">{children}</div>
        </div>
      </Card>
    </li>
  );
}

export function ContactInfo() {
  return (
    <ul className="space-y-4">
      <InfoCard icon={Mail} title="Email">
        {CONTACT_EMAIL ? (
          <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand-700 underline hover:text-brand-800">
            {CONTACT_EMAIL}
          </a>
        ) : (
          <p>{CONTACT_TEXTS.emailByForm}</p>
        )}
      </InfoCard>
      {CONTACT_TEXTS.details.map(({ icon, title, text }) => (
        <InfoCard key={title} icon={DETAIL_ICONS[icon] ?? MessageSquare} title={title}>
          <p>{text}</p>
        </InfoCard>
      ))}
    </ul>
  );
}
