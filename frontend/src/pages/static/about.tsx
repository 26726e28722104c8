import { Mail } from "lucide-react";
import { type ReactNode, useId } from "react";
import { ButtonLink } from "@/components/ui/button";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { Coverage } from "./about-parts/coverage";
import { DataSources } from "./about-parts/data-sources";
import { FeatureCards } from "./about-parts/features";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Component() {
  usePageMeta(pageText("about"));
  return (
    <div className="mx-auto max-w-5xl space-y-12">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageHeading("about")}</h1>
        <p className="max-w-3xl text-lg leading-8 text-slate-700">
          ScrapIndex helps people who sell, buy and recycle scrap metal see what their material is worth and where to
          take it. We bring prices by city and material, a directory of local scrap yards and plain-language summaries
          of scrap trading rules together in one free site.
        </p>
      </header>

      <Section title="Our mission">
        <p className="max-w-3xl leading-7 text-slate-700">
          Scrap prices are hard to compare: they change daily, differ from city to city and are quoted in different
          units and currencies. Our mission is to make them transparent, so that traders, recyclers, yard owners and
          anyone clearing out old metal can get a fair price, choose a reputable yard and recycle legally. Keeping metal
          in use saves energy and raw materials; knowing its value is the first step.
        </p>
      </Section>

      <Section title="What you can do here">
        <FeatureCards />
      </Section>

      <Section title="Coverage">
        <Coverage />
      </Section>

      <Section title="Data sources">
        <DataSources />
      </Section>

      <section className="rounded-lg bg-brand-800 p-6 text-white sm:p-8" aria-labelledby="about-contact">
        <h2 id="about-contact" className="text-2xl font-semibold">
          Questions, corrections or partnerships?
        </h2>
        <p className="mt-2 max-w-2xl leading-7 text-brand-50">
          Tell us about a scrap yard that is missing or out of date, ask about API access for your business, or send us
          feedback.
        </p>
        <ButtonLink to="/contact" variant="secondary" className="mt-5">
          <Mail aria-hidden="true" className="h-4 w-4" />
          Contact us
        </ButtonLink>
      </section>
    </div>
  );
}
