import { Link2, Printer } from "lucide-react";
import type { CalculatorAnswer } from "@/api/client";
import { useToast } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/format";
import { AnswerLines } from "./answer-lines";
import { Assumptions, Tips } from "./answer-notes";
import { atText } from "./answer-text";
import { YardRanking } from "./yard-ranking";

/** Copies the list's link; the share sheet where the device has one. */
function ShareAndPrint({ shareUrl }: { shareUrl: string }) {
  const toast = useToast();
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: "What my scrap is worth", url: shareUrl });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(shareUrl);
      toast({ title: "Link copied", description: "The link opens this list, with the same city and figures." });
    } catch {
      toast({ variant: "destructive", title: "Could not copy the link", description: shareUrl });
    }
  };
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button variant="outline" size="sm" onClick={() => void share()}>
        <Link2 aria-hidden="true" className="h-4 w-4" /> Share this list
      </Button>
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="h-4 w-4" /> Print
      </Button>
    </div>
  );
}

/**
 * The answer: the list's worth at the city's prices, the nearby yards by take-home, the tips and
 * what the figures assume. On paper, the list's link is printed with it.
 */
export function AnswerView({ answer, shareUrl }: { answer: CalculatorAnswer; shareUrl: string }) {
  const from = answer.origin.from === "location" ? "your location" : `${answer.city.name}'s centre`;
  return (
    <div className="space-y-6" data-testid="calculator-answer">
      <section aria-labelledby="calculator-worth" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="calculator-worth" className="scroll-mt-20 text-xl font-semibold text-slate-900">
            What it's worth in {answer.city.name}
          </h2>
          <ShareAndPrint shareUrl={shareUrl} />
        </div>
        <AnswerLines answer={answer} />
        {answer.unpriced.length > 0 && (
          <p className="text-sm text-amber-800">
            Some items have no price in {answer.city.name} yet: they count as 0 in every figure.
          </p>
        )}
      </section>
      <Tips answer={answer} />
      <section aria-labelledby="calculator-yards" className="space-y-3">
        <h2 id="calculator-yards" className="scroll-mt-20 text-xl font-semibold text-slate-900">
          Where to sell it
        </h2>
        <p className="text-sm text-slate-700">
          Nearby yards, best take-home first: each yard's price for each item (its own posted price where it has one,
          else {answer.city.name}'s), less the trip there and back from {from}. Open or closed at {atText(answer.at)},{" "}
          {answer.city.name} time.
        </p>
        <YardRanking answer={answer} />
      </section>
      <Assumptions answer={answer} />
      <p className="hidden text-sm text-slate-700 print:block">
        This list online: <span className="break-all">{shareUrl}</span>
      </p>
    </div>
  );
}

/** The total, said once it changes (a live region: it exists before its first figure). */
export function TotalAnnouncement({ answer }: { answer: CalculatorAnswer | undefined }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="text-lg text-slate-800" data-testid="calculator-total">
      {answer && (
        <>
          Total at {answer.city.name}'s prices:{" "}
          <strong className="text-2xl text-slate-900 tabular-nums">
            {formatMoney(answer.total, answer.city.currency)}
          </strong>
          {answer.yards[0] && (
            <span className="block text-base">
              Best take-home: {formatMoney(answer.yards[0].net, answer.city.currency)} at {answer.yards[0].name}
            </span>
          )}
        </>
      )}
    </p>
  );
}
