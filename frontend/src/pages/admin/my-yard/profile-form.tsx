import { Plus, Save, X } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { errorMessage } from "@/api/client";
import { CONTROL_CLASSES } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { PAYMENT_METHODS, SERVICE_OPTIONS } from "@/components/yards/yard-profile";
import { useConsoleAction } from "../api/queries";
import type { MyYard, ProfileUpdate } from "../api/types";
import { updateMyProfile } from "../api/yard-owner-actions";
import { refusalProblems } from "./refusal";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const VISIT_NOTES_LIMIT = 1000;
const BOX = "h-5 w-5 shrink-0 accent-brand-700";
const TIME =
  "h-10 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700";

type Interval = { opens: string; closes: string };
type Draft = {
  hours: Interval[][]; // by day, Monday first; a day without intervals is closed
  accepted: string[];
  services: string[];
  payments: string[];
  visitNotes: string;
};

export function draftOf(detail: MyYard): Draft {
  const { profile } = detail;
  return {
    hours: DAYS.map((_, day) =>
      profile.weeklyHours.filter((hours) => hours.day === day).map(({ opens, closes }) => ({ opens, closes })),
    ),
    accepted: profile.acceptedMaterials ?? [],
    services: profile.services ?? [],
    payments: profile.paymentMethods ?? [],
    visitNotes: profile.visitNotes ?? "",
  };
}

/** Nothing ticked is nothing said (null), as the yard page then says nothing either. */
export function toProfileBody(draft: Draft): ProfileUpdate {
  const said = (items: string[]) => (items.length ? items : null);
  return {
    weeklyHours: draft.hours.flatMap((intervals, day) => intervals.map((interval) => ({ day, ...interval }))),
    acceptedMaterials: said(draft.accepted),
    services: said(draft.services),
    paymentMethods: said(draft.payments),
    visitNotes: draft.visitNotes.trim() || null,
  };
}

const toggled = (items: string[], item: string, on: boolean) =>
  on ? [...items, item] : items.filter((other) => other !== item);

/** The yard's profile as its owner says it: hours, what it buys, services, payment, a visit. */
export function ProfileForm({ detail }: { detail: MyYard }) {
  const [draft, setDraft] = useState(() => draftOf(detail));
  const [saved, setSaved] = useState(false);
  const save = useConsoleAction(updateMyProfile);
  const problems = refusalProblems(save.error);
  const change = (next: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...next }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ id: detail.yard.id, profile: toProfileBody(draft) }, { onSuccess: () => setSaved(true) });
  };
  const services = [...new Set([...SERVICE_OPTIONS, ...draft.services])];
  const categories = [...new Set(detail.materials.map((material) => material.category))];

  return (
    <section aria-labelledby="profile-heading" className="space-y-4">
      <div>
        <h2 id="profile-heading" className="text-xl font-semibold text-slate-900">
          Your yard&apos;s profile
        </h2>
        <p className="text-sm text-slate-600">
          Shown on your yard&apos;s page. Say only what is true; leave out what you don&apos;t know.
        </p>
      </div>
      <form noValidate onSubmit={submit} aria-label="Yard profile" className="space-y-6">
        <Group legend="Opening hours" hint="A day without hours is closed. No hours at all: shown as unknown.">
          <div className="space-y-3">
            {DAYS.map((name, day) => (
              <DayHours
                key={name}
                day={name}
                intervals={draft.hours[day] ?? []}
                onChange={(intervals) =>
                  change({ hours: draft.hours.map((old, index) => (index === day ? intervals : old)) })
                }
              />
            ))}
          </div>
        </Group>
        <Group legend="Materials you buy" hint="None ticked: not said.">
          <div className="space-y-3">
            {categories.map((category) => (
              <div key={category}>
                <p className="text-sm font-medium text-slate-700">{category}</p>
                <div className="mt-1 grid gap-2 sm:grid-cols-2">
                  {detail.materials
                    .filter((material) => material.category === category)
                    .map((material) => (
                      <Tick
                        key={material.slug}
                        label={material.name}
                        checked={draft.accepted.includes(material.slug)}
                        onChange={(on) => change({ accepted: toggled(draft.accepted, material.slug, on) })}
                      />
                    ))}
                </div>
              </div>
            ))}
          </div>
        </Group>
        <Group legend="Services">
          <div className="grid gap-2 sm:grid-cols-2">
            {services.map((service) => (
              <Tick
                key={service}
                label={service}
                checked={draft.services.includes(service)}
                onChange={(on) => change({ services: toggled(draft.services, service, on) })}
              />
            ))}
          </div>
        </Group>
        <Group legend="How you pay sellers">
          <div className="grid gap-2 sm:grid-cols-2">
            {PAYMENT_METHODS.map((method) => (
              <Tick
                key={method.key}
                label={method.label}
                checked={draft.payments.includes(method.key)}
                onChange={(on) => change({ payments: toggled(draft.payments, method.key, on) })}
              />
            ))}
          </div>
        </Group>
        <div className="space-y-1.5">
          <label htmlFor="profile-visit-notes" className="block text-sm font-medium text-slate-900">
            How a visit works
          </label>
          <textarea
            id="profile-visit-notes"
            aria-describedby="profile-visit-notes-hint"
            rows={4}
            maxLength={VISIT_NOTES_LIMIT}
            value={draft.visitNotes}
            onChange={(event) => change({ visitNotes: event.target.value })}
            className={`${CONTROL_CLASSES} border-slate-300`}
          />
          <p id="profile-visit-notes-hint" className="text-xs text-slate-600">
            What to bring (an ID?), how you weigh, when sellers are paid.
          </p>
        </div>
        <div role="status">
          {saved && <p className="rounded-md bg-green-50 p-3 text-sm text-green-900">Profile saved.</p>}
        </div>
        <div role="alert">
          {save.error && (
            <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{problems.length ? "The profile was not saved:" : errorMessage(save.error)}</p>
              {problems.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        <Button type="submit" aria-disabled={save.isPending || undefined} className="w-full sm:w-auto">
          <Save aria-hidden="true" className="h-4 w-4" />
          {save.isPending ? "Saving…" : "Save profile"}
        </Button>
      </form>
    </section>
  );
}

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

function Tick({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className={BOX} />
      {label}
    </label>
  );
}

function DayHours({
  day,
  intervals,
  onChange,
}: {
  day: string;
  intervals: Interval[];
  onChange: (intervals: Interval[]) => void;
}) {
  const set = (index: number, next: Partial<Interval>) =>
    onChange(intervals.map((interval, at) => (at === index ? { ...interval, ...next } : interval)));
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
      <legend className="float-left w-24 font-medium text-slate-800">{day}</legend>
      {intervals.length === 0 && <span className="text-slate-600">Closed</span>}
      {intervals.map((interval, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a day's intervals have no identity but their place
        <span key={index} className="flex items-center gap-1">
          <input
            type="time"
            aria-label={`${day} opens`}
            value={interval.opens}
            onChange={(event) => set(index, { opens: event.target.value })}
            className={TIME}
          />
          <span aria-hidden="true">–</span>
          <input
            type="time"
            aria-label={`${day} closes`}
            value={interval.closes}
            onChange={(event) => set(index, { closes: event.target.value })}
            className={TIME}
          />
          <button
            type="button"
            aria-label={`Remove ${day}'s hours ${interval.opens}–${interval.closes}`}
            onClick={() => onChange(intervals.filter((_, at) => at !== index))}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </span>
      ))}
      <button
        type="button"
        aria-label={`${intervals.length ? "More hours" : "Open"} on ${day}`}
        onClick={() => onChange([...intervals, { opens: "08:00", closes: "17:00" }])}
        className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-brand-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {intervals.length ? "More hours" : "Open"}
      </button>
    </fieldset>
  );
}
