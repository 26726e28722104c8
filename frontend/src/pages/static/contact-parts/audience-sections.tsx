import { Code2, type LucideIcon, Store } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Card } from "@/components/ui/card";
import { ApiAccessForm } from "./api-access-form";
import { CONTACT_FORM_ID } from "./contact-form";

function AudienceCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={id} className="space-y-3 text-sm leading-6 text-slate-700">
        <div className="flex items-center gap-2">
          <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
        </div>
        {children}
      </section>
    </Card>
  );
}

const formLink = (
  <a href={`#${CONTACT_FORM_ID}`} className="font-medium text-brand-700 underline hover:text-brand-800">
    contact form
  </a>
);

export function AudienceSections() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <AudienceCard icon={Store} title="For scrap yard owners">
        <p>
          Want your yard listed, or spotted a mistake in an existing listing? Send us a message with the {formLink}.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            To <strong>get listed</strong>, choose &quot;Business &amp; Partnerships&quot; and include your yard&apos;s
            name, address, phone number, opening hours and the materials you buy.
          </li>
          <li>
            To <strong>correct a listing</strong>, choose &quot;Data Corrections&quot; and tell us the yard&apos;s name,
            its city and what should change.
          </li>
        </ul>
      </AudienceCard>
      <AudienceCard icon={Code2} title="For developers">
        <p>
          Need scrap prices or yard data in your own application? Businesses get an API key with their own daily quota
          and bulk downloads: a country&apos;s prices as JSON or CSV, a price&apos;s daily history, a country&apos;s
          yards. Tell us about your project below and we&apos;ll reply by e-mail.
        </p>
        <p>
          The API is documented, with examples, at{" "}
          <a href="/api/docs" className="font-medium text-brand-700 underline hover:text-brand-800">
            /api/docs
          </a>
          ; its terms and the attribution our sources ask for are in the{" "}
          <a href="/terms-of-service" className="font-medium text-brand-700 underline hover:text-brand-800">
            terms of service
          </a>
          .
        </p>
        <ApiAccessForm />
      </AudienceCard>
    </div>
  );
}
