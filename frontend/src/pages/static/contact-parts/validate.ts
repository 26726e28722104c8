import type { Schemas } from "@/api/client";
import { emailProblem } from "@/components/forms/checks";

export type ContactBody = Schemas["ContactCreate"];
export type Category = NonNullable<ContactBody["category"]>;

/** SPEC §3's categories with the labels people see. */
export const CATEGORY_OPTIONS: readonly { value: Category; label: string }[] = [
  { value: "general", label: "General Inquiry" },
  { value: "technical", label: "Technical Support" },
  { value: "business", label: "Business & Partnerships" },
  { value: "api", label: "API Access" },
  { value: "data", label: "Data Corrections" },
  { value: "feedback", label: "Feedback & Suggestions" },
  { value: "press", label: "Press & Media" },
  { value: "other", label: "Other" },
];

export type Draft = {
  name: string;
  email: string;
  category: Category | "";
  subject: string;
  message: string;
  /** The hidden honeypot: people leave it empty, bots fill it in. */
  website: string;
};

export const EMPTY_DRAFT: Draft = { name: "", email: "", category: "", subject: "", message: "", website: "" };

export type RequiredField = "name" | "email" | "subject" | "message";
export type FieldErrors = Partial<Record<RequiredField, string>>;

/** The order fields appear in, so focus goes to the first invalid one. */
export const FIELD_ORDER: readonly RequiredField[] = ["name", "email", "subject", "message"];

/** SPEC §5: name, email, subject and message are required; the email must look like one. */
export function validateDraft(draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = "Please enter your full name.";
  const email = emailProblem(draft.email);
  if (email) errors.email = email;
  if (!draft.subject.trim()) errors.subject = "Please enter a subject.";
  if (!draft.message.trim()) errors.message = "Please enter your message.";
  return errors;
}

export function toBody(draft: Draft): ContactBody {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    subject: draft.subject.trim(),
    category: draft.category || null,
    message: draft.message.trim(),
    website: draft.website,
  };
}
