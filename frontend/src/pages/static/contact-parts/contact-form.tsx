import { Send } from "lucide-react";
import { useState } from "react";
import { api, unwrap } from "@/api/client";
import { useToast } from "@/components/feedback/toaster";
import { EmailField } from "@/components/forms/fields";
import { FormField } from "@/components/forms/form-field";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { useFormSubmission } from "@/components/forms/use-form-submission";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  CATEGORY_OPTIONS,
  type Category,
  type ContactBody,
  type Draft,
  EMPTY_DRAFT,
  FIELD_ORDER,
  toBody,
  validateDraft,
} from "./validate";

export const CONTACT_FORM_ID = "contact-form";
const fieldId = (name: keyof Draft) => `contact-${name}`;

/**
 * SPEC §2/§4/§5: validated on the client, posted to the API; idle → sending → idle (cleared on
 * success). The outcome is a toast; only a 429's own words are shown, anything else fails plainly.
 */
export function ContactForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const toast = useToast();
  const { errors, update, onSubmit, pending } = useFormSubmission({
    draft,
    onDraftChange: setDraft,
    validate: validateDraft,
    fieldOrder: FIELD_ORDER,
    fieldId,
    toBody,
    send: (body: ContactBody) => unwrap(api.POST("/api/contact", { body })),
    event: { action: "contact_submit", category: "contact" },
    failure: "Failed to send message. Please try again.",
    refused: [429],
    onSent: () => {
      toast({ title: "Message Sent", description: "Thank you for contacting us. We'll respond within 24 hours." });
      setDraft(EMPTY_DRAFT);
    },
    onFailure: (message) => toast({ variant: "destructive", title: "Error", description: message }),
  });

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
                  onChange={(event) => update({ name: event.target.value })}
                />
              )}
            </FormField>
            <EmailField
              id={fieldId("email")}
              label="Email Address"
              error={errors.email}
              maxLength={254}
              value={draft.email}
              onChange={(email) => update({ email })}
            />
          </div>
          <FormField id={fieldId("category")} label="Inquiry Category">
            {(props) => (
              <select
                {...props}
                name="category"
                value={draft.category}
                onChange={(event) => update({ category: event.target.value as Category | "" })}
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
                onChange={(event) => update({ subject: event.target.value })}
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
                onChange={(event) => update({ message: event.target.value })}
              />
            )}
          </FormField>
          <HoneypotField
            id={fieldId("website")}
            value={draft.website}
            onChange={(value) => update({ website: value })}
          />
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            <Send aria-hidden="true" className="h-4 w-4" />
            {pending ? "Sending..." : "Send Message"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
