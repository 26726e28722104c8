import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ActionError } from "../ui/states";

export type Verdict = "approve" | "reject";
export type Decision = { verdict: Verdict; reason: string };

/** Approve (reason optional) or reject (reason required) one item of a queue. */
export function DecisionForm({
  subject,
  onDecide,
  pending,
  error,
}: {
  subject: string;
  onDecide: (decision: Decision) => void;
  pending: boolean;
  error: unknown;
}) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [missingReason, setMissingReason] = useState(false);

  const decide = (verdict: Verdict) => {
    if (pending) return;
    const reason = reasonRef.current?.value.trim() ?? "";
    const missing = verdict === "reject" && !reason;
    setMissingReason(missing);
    if (missing) reasonRef.current?.focus();
    else onDecide({ verdict, reason });
  };

  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Decide on {subject}</legend>
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
        Reason <span className="font-normal text-slate-600">(required to reject)</span>
      </label>
      <textarea
        id={`${id}-reason`}
        ref={reasonRef}
        name="reason"
        rows={2}
        maxLength={500}
        aria-invalid={missingReason || undefined}
        aria-describedby={missingReason ? `${id}-missing` : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      {missingReason && (
        <p id={`${id}-missing`} role="alert" className="text-sm font-medium text-red-700">
          Give a reason to reject.
        </p>
      )}
      <ActionError error={error} />
      {/* aria-disabled, not disabled, while the decision is sent: a disabled button drops focus to <body>. */}
      <div className="flex gap-2">
        <Button size="sm" aria-disabled={pending || undefined} onClick={() => decide("approve")}>
          Approve
        </Button>
        <Button size="sm" variant="outline" aria-disabled={pending || undefined} onClick={() => decide("reject")}>
          Reject
        </Button>
      </div>
    </fieldset>
  );
}
