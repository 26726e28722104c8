import { useQuery } from "@tanstack/react-query";
import { statsQueries } from "@/api/queries";
import { formatCount } from "@/lib/format";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { CONTACT_TEXTS } from "@/lib/static-page-texts";
import { AudienceSections } from "./contact-parts/audience-sections";
import { ContactFaq } from "./contact-parts/contact-faq";
import { ContactForm } from "./contact-parts/contact-form";
import { ContactInfo } from "./contact-parts/contact-info";

export function Component() {
  usePageMeta(pageText("contact"));
  const { data: stats } = useQuery(statsQueries.site());
  return (
    <div className="mx-auto max-w-6xl space-y-12">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageHeading("contact")}</h1>
        <p className="text-lg leading-8 text-slate-700">
          {CONTACT_TEXTS.intro.replace("{inCities}", stats ? ` in our ${formatCount(stats.cities)} cities` : "")}
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
        <aside aria-label="Contact details">
          <ContactInfo />
        </aside>
      </div>

      <AudienceSections />

      <section aria-labelledby="contact-faq" className="space-y-4">
        <h2 id="contact-faq" className="text-2xl font-semibold text-slate-900">
          Frequently Asked Questions
        </h2>
        <ContactFaq stats={stats} />
      </section>
    </div>
  );
}
