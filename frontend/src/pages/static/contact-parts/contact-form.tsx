import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ApiError, api, errorMessage, unwrap } from "@/api/client";
import { useToast } from "@/components/feedback/toaster";
import { FormField } from "@/components/forms/form-field";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { trackEvent } from "@/lib/analytics";
import {
  CATEGORY_OPTIONS,
  type Category,
  type ContactBody,
  type Draft,
  EMPTY_DRAFT,
  type FieldErrors,
  firstInvalid,
  toBody,
  validateDraft,
} from "./validate";

export const CONTACT_FORM_ID = "contact-form";
const fieldId = (name: keyof Draft) => `contact-${name}`;

function useSendMessage(onSent: () => void) {
  const toast = useToast();
  return useMutation({
    mutationFn: (body: ContactBody) => unwrap(api.POST("/api/contact", { body })),
    onSuccess: () => {
      trackEvent({ action: "contact_submit", category: "contact" });
      toast({ title: "Message Sent", description: "Thank you for contacting us. We'll respond within 24 hours." });
      onSent();
    },
    onError: (error) => {
      const limited = error instanceof ApiError && error.status === 429;
      toast({
        variant: "destructive",
        title: "Error",
        description: limited ? errorMessage(error) : "Failed to send message. Please try again.",
      });
    },
  });
}

/** SPEC §2/§4/§5: validated on the client, posted to the API; idle → sending → idle (cleared on success). */
export function ContactForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const send = useSendMessage(() => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    setAttempted(false);
  });

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (attempted) setErrors(validateDraft(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validateDraft(draft);
    setAttempted(true);
    setErrors(found);
    const first = firstInvalid(found);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    send.mutate(toBody(draft));
  };

  return (
    <Card id={CONTACT_FORM_ID} className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Send us a message</CardTitle>
        <p className="text-sm text-slate-600">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="relative space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={fieldId("name")} label="Full Name" required error={errors.name}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  name="name"
                  autoComplete="name"
                  maxLength={100}
                  value={draft.name}
                  onChange={(event) => update("name", event.target.value)}
                />
              )}
            </FormField>
            <FormField id={fieldId("email")} label="Email Address" required error={errors.email}>
              {(props) => (
                <input
                  {...props}
                  type="email"
                  name="email"
                  autoComplete="email"
                  maxLength={254}
                  value={draft.email}
                  onChange={(event) => update("email", event.target.value)}
                />
              )}
            </FormField>
          </div>
          <FormField id={fieldId("category")} label="Inquiry Category">
            {(props) => (
              <select
                {...props}
                name="category"
                value={draft.category}
                onChange={(event) => update("category", event.target.value as Category | "")}
              >
                <option value="">Select a category</option>
                {CATEGORY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={fieldId("subject")} label="Subject" required error={errors.subject}>
            {(props) => (
              <input
                {...props}
                type="text"
                name="subject"
                maxLength={200}
                value={draft.subject}
                onChange={(event) => update("subject", event.target.value)}
              />
            )}
          </FormField>
          <FormField id={fieldId("message")} label="Message" required error={errors.message}>
            {(props) => (
              <textarea
                {...props}
                name="message"
                rows={6}
                maxLength={5000}
                value={draft.message}
                onChange={(event) => update("message", event.target.value)}
              />
            )}
          </FormField>
          <HoneypotField id={fieldId("website")} value={draft.website} onChange={(value) => update("website", value)} />
          <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
            <Send aria-hidden="true" className="h-4 w-4" />
            {send.isPending ? "Sending..." : "Send Message"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
