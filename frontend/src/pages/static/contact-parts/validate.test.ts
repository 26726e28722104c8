import { describe, expect, it } from "vitest";
import { isEmail } from "@/lib/email";
import { EMPTY_DRAFT, FIELD_ORDER, toBody, validateDraft } from "./validate";

describe("contact validation", () => {
  it("requires name, email, subject and message but not category", () => {
    const errors = validateDraft(EMPTY_DRAFT);
    expect(Object.keys(errors)).toEqual(["name", "email", "subject", "message"]);
    expect(FIELD_ORDER.find((field) => errors[field])).toBe("name");
  });

  it("treats whitespace as empty", () => {
    expect(validateDraft({ ...EMPTY_DRAFT, name: "   " }).name).toBe("Please enter your full name.");
  });

  it("checks the email format", () => {
    expect(isEmail("a@b.co")).toBe(true);
    expect(isEmail(" a@b.co ")).toBe(true);
    for (const bad of ["a@b", "a b@c.d", "@b.co", "a@.", "plain"]) expect(isEmail(bad)).toBe(false);
  });

  it("builds the API body: trimmed text, null for no category, honeypot kept", () => {
    const body = toBody({
      name: " Ann ",
      email: " ann@example.com ",
      category: "",
      subject: " Hi ",
      message: " Hello ",
      website: "x",
    });
    expect(body).toEqual({
      name: "Ann",
      email: "ann@example.com",
      category: null,
      subject: "Hi",
      message: "Hello",
      website: "x",
    });
  });
});
