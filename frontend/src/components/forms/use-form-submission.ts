import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError, errorMessage } from "@/api/client";
import { trackEvent, type UsageEvent } from "@/lib/analytics";

// What the server refuses with a message meant for the visitor: shown as it is.
const REFUSED: readonly number[] = [400, 422, 429];

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

type Options<Draft, Field extends string, Body> = {
  draft: Draft;
  onDraftChange: (draft: Draft) => void;
  /** Each field's problem; checked on sending, then again on every change. */
  validate: (draft: Draft) => FieldErrors<Field>;
  /** The fields in the order they appear: focus goes to the first with a problem. */
  fieldOrder: readonly Field[];
  fieldId: (field: Field) => string;
  /** A problem of the whole form rather than one field ("change at least one detail"): nothing is sent. */
  check?: (draft: Draft) => string | undefined;
  toBody: (draft: Draft) => Body;
  send: (body: Body) => Promise<{ message: string }>;
  event: UsageEvent;
  /** What to say when the send fails for any reason but a refusal. */
  failure: string;
  /** The statuses whose message is shown as the server wrote it (400, 422 and 429 unless told). */
  refused?: readonly number[];
  /** Called with the server's message once the form is accepted. */
  onSent: (message: string) => void;
  /** Called with the refusal's or the failure's message, besides `refusal` (a toast, say). */
  onFailure?: (message: string) => void;
};

/**
 * A visitor's form, from typing to the API's answer: the field messages (first shown on sending,
 * then kept current as the visitor types), focus on the first field with a problem, the send, the
 * usage event on acceptance, and the message of a refusal (`refusal`, or `failure` for anything
 * else). After acceptance `sentMessage` holds the server's words and the field messages are gone.
 */
export function useFormSubmission<Draft, Field extends string, Body>(options: Options<Draft, Field, Body>) {
  const { draft, onDraftChange, validate, fieldOrder, fieldId, check, toBody, refused = REFUSED } = options;
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const refuse = (message: string) => {
    setRefusal(message);
    options.onFailure?.(message);
  };
  const mutation = useMutation({
    mutationFn: options.send,
    onMutate: () => setRefusal(null),
    onSuccess: (answer) => {
      trackEvent(options.event);
      setErrors({});
      setAttempted(false);
      setSentMessage(answer.message);
      options.onSent(answer.message);
    },
    onError: (error) => {
      const shown = error instanceof ApiError && refused.includes(error.status);
      refuse(shown ? errorMessage(error) : options.failure);
    },
  });

  const update = (changes: Partial<Draft>) => {
    const next = { ...draft, ...changes };
    onDraftChange(next);
    if (attempted) setErrors(validate(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validate(draft);
    setAttempted(true);
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const problem = check?.(draft);
    if (problem) refuse(problem);
    else mutation.mutate(toBody(draft));
  };

  return { errors, update, onSubmit, pending: mutation.isPending, refusal, sentMessage };
}
