import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SiteStats } from "@/api/client";
import { formatCount } from "@/lib/format";

type Question = { question: string; answer: ReactNode };

function questions(stats: SiteStats | undefined): Question[] {
  return [
    {
      question: "How often are prices updated?",
      answer:
        "Prices are updated daily for every city and material we cover. The prices currently shown are a generated demo data set until real price feeds are connected, so treat them as indicative.",
    },
    {
      question: "Which cities do you cover?",
      answer: (
        <>
          {stats && `We cover ${formatCount(stats.cities)} cities in ${formatCount(stats.countries)} countries. `}
          See the full list on the{" "}
          <Link to="/cities" className="font-medium text-brand-700 underline hover:text-brand-800">
            cities page
          </Link>
          .
        </>
      ),
    },
    {
      question: "Do you buy scrap metal?",
      answer:
        "No. ScrapIndex is an information service: we publish prices and list scrap yards, but we do not buy, sell or collect scrap. Contact a yard in the directory to sell your material.",
    },
    {
      question: "Why does a yard pay a different price from the one shown?",
      answer:
        "Yards set their own prices, which depend on grade, cleanliness, quantity and the day's market. Always confirm the price with the yard before you go.",
    },
    {
      question: "Is ScrapIndex free to use?",
      answer: "Yes. Browsing prices, yards and guides is free. API access for businesses is available on request.",
    },
  ];
}

/** Frequently asked questions as native disclosure widgets: keyboard and screen-reader friendly for free. */
export function ContactFaq({ stats }: { stats: SiteStats | undefined }) {
  return (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {questions(stats).map(({ question, answer }) => (
        <details key={question} className="group p-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-2 text-sm leading-6 text-slate-700">{answer}</div>
        </details>
      ))}
    </div>
  );
}
