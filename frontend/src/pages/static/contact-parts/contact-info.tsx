import { Clock, type LucideIcon, Mail, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { env } from "@/config/env";

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
          <p>Send your message with the form; we reply by email to the address you give.</p>
        )}
      </InfoCard>
      <InfoCard icon={MessageSquare} title="Response time">
        <p>We respond within 24 hours on business days.</p>
      </InfoCard>
      <InfoCard icon={Clock} title="Business hours">
        <p>Monday to Friday 9 AM - 6 PM</p>
      </InfoCard>
    </ul>
  );
}
