import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, errorMessage } from "@/api/client";
import { calculatorQueries, cityQueries, materialQueries } from "@/api/queries";
import { FormAlert } from "@/components/forms/form-messages";
import { useGivenUnit } from "@/components/forms/use-given-unit";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import type { Unit } from "@/lib/format";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { AnswerView, TotalAnnouncement } from "./answer-view";
import { type Draft, type DraftItem, draftOf, draftProblems, type Problems, urlOf } from "./calculator-draft";
import { CalculatorForm } from "./calculator-form";
import { type CalculatorUrl, calculatorQuery, calculatorSearch, readCalculatorUrl } from "./calculator-url";
import "./print.css";
import { useVisitorLocation } from "./use-visitor-location";

/**
 * The API's refusal of a list (422, or 404 for a city it does not know) and the field it names
 * ("Invalid request: item 2: …", "… costPerDistance: …"): an item's position, or a field's name.
 */
function refusalOf(error: unknown): { field: number | "costPerDistance" | "at" | null; message: string } | null {
  if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 404)) return null;
  const message = errorMessage(error);
  const named = /(?:^|: )(item (\d+)|costPerDistance|at): /.exec(message);
  if (!named) return { field: null, message };
  const field = named[2] ? Number(named[2]) - 1 : (named[1] as "costPerDistance" | "at");
  return { field, message };
}

/** The link that opens this list again: the answer's city stands in for the visitor's location. */
function shareUrlOf(url: CalculatorUrl, city: string): string {
  return `${window.location.origin}/calculator?${calculatorSearch({ ...url, city: url.city || city })}`;
}

function FormSkeleton() {
  return (
    <LoadingRegion label="Loading the calculator">
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10 w-40" />
      </div>
    </LoadingRegion>
  );
}

export function Component() {
  usePageMeta(pageText("calculator"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.toString();
  const url = useMemo(() => readCalculatorUrl(new URLSearchParams(search)), [search]);
  const location = useVisitorLocation();
  const materials = useQuery(materialQueries.list());
  const cities = useQuery(cityQueries.list());
  const given = useGivenUnit();
  const query = calculatorQuery(url, location.near);
  const answer = useQuery({ ...calculatorQueries.answer(query ?? { item: [] }), enabled: query !== null });

  // The form edits a copy of the URL's list; a new URL (a list worked out, back, forward) replaces it.
  const [draft, setDraft] = useState<Draft>(() => draftOf(url));
  const [problems, setProblems] = useState<Problems>({});
  useEffect(() => {
    setDraft(draftOf(url));
    setProblems({});
  }, [url]);

  const answerHeading = useRef<HTMLHeadingElement>(null);
  const [movedToAnswer, setMovedToAnswer] = useState(true);
  useEffect(() => {
    if (movedToAnswer || !answer.data) return;
    setMovedToAnswer(true);
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    answerHeading.current?.focus({ preventScroll: true });
    answerHeading.current?.scrollIntoView?.({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [answer.data, movedToAnswer]);

  const unitOf = (item: DraftItem) => given(item.material, (item.unit || null) as Unit | null);
  const located = !draft.city && location.state === "found";
  const refusal = answer.isError ? refusalOf(answer.error) : null;
  const shown: Problems = { ...problems };
  const refusedField = typeof refusal?.field === "number" ? draft.items[refusal.field]?.key : refusal?.field;
  if (refusal && refusedField && !shown[refusedField]) shown[refusedField] = refusal.message;
  const hints = new Map((answer.data?.lines ?? []).map((line) => [line.material.slug, line.hint]));

  const submit = () => {
    const found = draftProblems(draft, located, (item) => unitOf(item).unit);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setMovedToAnswer(false);
    const search = calculatorSearch(urlOf(draft, (item) => unitOf(item).unit));
    navigate({ search: `?${search}` }, { preventScrollReset: true });
  };

  const locate = () =>
    location.locate(() => {
      setDraft((current) => ({ ...current, city: "" }));
      setProblems(({ city: _, ...rest }) => rest);
    });

  return (
    <div className="space-y-6" id="calculator-page">
      <div className="max-w-3xl space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{pageHeading("calculator")}</h1>
        <p className="text-slate-700">
          List what you have and where you are: see what it is worth at your city's prices, and which nearby yard leaves
          you the most once the trip is paid for.
        </p>
        <TotalAnnouncement answer={answer.data} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        {materials.isError || cities.isError ? (
          <ErrorState
            error={materials.error ?? cities.error}
            onRetry={() => {
              void materials.refetch();
              void cities.refetch();
            }}
          />
        ) : materials.data && cities.data ? (
          <CalculatorForm
            draft={draft}
            onDraft={setDraft}
            materials={materials.data}
            cities={cities.data}
            unitOf={unitOf}
            hints={hints}
            problems={shown}
            locating={location.state}
            onLocate={locate}
            onForgetLocation={location.forget}
            answer={answer.data}
            onSubmit={submit}
          />
        ) : (
          <FormSkeleton />
        )}
        <div className="min-w-0">
          <h2 ref={answerHeading} tabIndex={-1} className="sr-only scroll-mt-20">
            Your answer
          </h2>
          {query === null ? (
            <EmptyState
              title={url.items.length === 0 ? "Nothing listed yet" : "Choose your city"}
              hint={
                url.items.length === 0
                  ? "Add what you have (copper wire, cans, a catalytic converter…), choose your city and press Work it out."
                  : "Choose your city, or use your location, to see what your list is worth and where to sell it."
              }
            />
          ) : answer.isPending ? (
            <LoadingRegion label="Working it out">
              <div className="space-y-3">
                <Skeleton className="h-8 w-64" />
                <Skeleton className="h-32" />
                <Skeleton className="h-48" />
              </div>
            </LoadingRegion>
          ) : refusal ? (
            <FormAlert message={refusal.message} />
          ) : answer.isError ? (
            <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
          ) : (
            <AnswerView answer={answer.data} shareUrl={shareUrlOf(url, answer.data.city.slug)} />
          )}
        </div>
      </div>
    </div>
  );
}
