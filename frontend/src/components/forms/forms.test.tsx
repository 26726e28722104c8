import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api/client";
import { type Unit, WEIGHT_UNITS } from "@/lib/format";
import { WAIT } from "@/test/forms";
import { renderRoute } from "@/test/render";
import { emailProblem, priceProblem, problemsOnly } from "./checks";
import { FormAlert, SentMessage } from "./form-messages";
import { PriceWithUnitField } from "./price-with-unit-field";
import { useFormSubmission } from "./use-form-submission";

type Draft = { email: string; price: string; unit: Unit };
const EMPTY: Draft = { email: "", price: "", unit: "kg" };
const fieldId = (field: keyof Draft) => `test-${field}`;
const validate = (draft: Draft) =>
  problemsOnly({ email: emailProblem(draft.email), price: priceProblem(draft.price, "Please enter a price.") });

type Props = {
  send: (body: Draft) => Promise<{ message: string }>;
  check?: (draft: Draft) => string | undefined;
  onFailure?: (message: string) => void;
};

/** The smallest form on the shared machinery: an e-mail and a price with its unit. */
function TestForm({ send, check, onFailure }: Props) {
  const [draft, setDraft] = useState(EMPTY);
  const { errors, update, onSubmit, pending, refusal, sentMessage } = useFormSubmission({
    draft,
    onDraftChange: setDraft,
    validate,
    fieldOrder: ["email", "price"] as const,
    fieldId,
    check,
    toBody: (values: Draft) => values,
    send,
    event: { action: "test_submit", category: "test" },
    failure: "Could not send.",
    onSent: () => setDraft(EMPTY),
    onFailure,
  });
  if (sentMessage) return <SentMessage title="Sent" message={sentMessage} />;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Test form">
      <input
        id={fieldId("email")}
        aria-label="Email"
        value={draft.email}
        onChange={(e) => update({ email: e.target.value })}
      />
      {errors.email && <p>{errors.email}</p>}
      <PriceWithUnitField
        price={{
          id: fieldId("price"),
          name: "price",
          label: "Price",
          error: errors.price,
          value: draft.price,
          onChange: (price) => update({ price }),
        }}
        unit={{ id: fieldId("unit"), value: draft.unit, options: WEIGHT_UNITS, onChange: (unit) => update({ unit }) }}
      />
      <FormAlert message={refusal} />
      <button type="submit" disabled={pending}>
        Send
      </button>
    </form>
  );
}

function renderForm(props: Props) {
  renderRoute(<TestForm {...props} />, { path: "/", url: "/" });
  return userEvent.setup();
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: "Email" }), "ann@example.com");
  await user.type(screen.getByRole("spinbutton", { name: /Price/ }), "12.5");
}

describe("the forms' shared checks", () => {
  it("says what is wrong with an e-mail or a price, and keeps only the fields with a problem", () => {
    expect(emailProblem(" ")).toBe("Please enter your email address.");
    expect(emailProblem("ann@")).toBe("Please enter a valid email address, for example name@example.com.");
    expect(emailProblem("ann@example.com")).toBeUndefined();
    expect(priceProblem("", "Missing.")).toBe("Missing.");
    expect(priceProblem("0", "Missing.")).toBe("Please enter a price above 0.");
    expect(priceProblem("1000000.01", "Missing.")).toBe("Please enter a price of at most 1,000,000.");
    expect(priceProblem("1000000", "Missing.")).toBeUndefined();
    expect(problemsOnly({ a: undefined, b: "Wrong." })).toEqual({ b: "Wrong." });
  });
});

describe("a form on the shared machinery", () => {
  it("shows field messages on sending, focuses the first, and updates them as the visitor types", async () => {
    const send = vi.fn();
    const user = renderForm({ send });
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    expect(screen.getByText("Please enter a price.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
    await user.type(screen.getByRole("spinbutton", { name: /Price/ }), "3");
    expect(screen.queryByText("Please enter a price.")).not.toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: /Price/ })).toHaveAttribute("max", "1000000");
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the draft with the unit chosen and shows the server's message", async () => {
    const send = vi.fn(async () => ({ message: "Thanks, we have it." }));
    const user = renderForm({ send });
    await fillValid(user);
    await user.selectOptions(screen.getByRole("combobox", { name: "Unit" }), "per tonne");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("status", {}, WAIT)).toHaveTextContent("Thanks, we have it.");
    expect(send).toHaveBeenCalledWith({ email: "ann@example.com", price: "12.5", unit: "t" }, expect.anything());
  });

  it("sends nothing when the whole form's check fails, and says why", async () => {
    const send = vi.fn();
    const user = renderForm({ send, check: () => "Change something first." });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Change something first.");
    expect(send).not.toHaveBeenCalled();
  });

  it("shows a refusal in the server's words, anything else as the form's failure", async () => {
    const onFailure = vi.fn();
    let error = new ApiError(422, '422: {"message":"That price is not plausible."}');
    const user = renderForm({ send: async () => Promise.reject(error), onFailure });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("That price is not plausible."), WAIT);
    error = new ApiError(500, "500: Internal Server Error");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Could not send."), WAIT);
    expect(onFailure.mock.calls).toEqual([["That price is not plausible."], ["Could not send."]]);
  });
});
