import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "@/api/client";
import { trackEvent, type UsageEvent } from "@/lib/analytics";

// What the server refuses with a message meant for the visitor: shown as it is.
const REFUSED = new Set([400, 422, 429]);

/**
 * A visitor's form sent to the API: on acceptance the event is tracked and `onSent` gets the
 * server's message; a refusal's message (or `failure` for anything else) becomes `refusal`.
 */
export function useFormSubmission<Body>({
  send,
  event,
  failure,
  onSent,
}: {
  send: (body: Body) => Promise<{ message: string }>;
  event: UsageEvent;
  failure: string;
  onSent: (message: string) => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setRefusal(null),
    onSuccess: (answer) => {
      trackEvent(event);
      onSent(answer.message);
    },
    onError: (error) => {
      const refused = error instanceof ApiError && REFUSED.has(error.status);
      setRefusal(refused ? errorMessage(error) : failure);
    },
  });
  return { mutation, refusal, setRefusal };
}
