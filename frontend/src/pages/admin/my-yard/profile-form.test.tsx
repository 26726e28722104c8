import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { json, renderConsole, sent, serve, WAIT } from "../test-fixtures";
import { MY_YARD, OWNER } from "./test-fixtures";

const fetchSpy = spyOnFetch();
const SAVE = "PUT /api/owner/yards/1/profile";

function renderProfile(save: (request: Request) => Response = () => json(MY_YARD)) {
  const requests = serve(fetchSpy, { "GET /api/auth/me": OWNER, "GET /api/owner/yards/1": MY_YARD, [SAVE]: save });
  renderConsole("/admin/my-yard/1");
  return requests;
}

const profile = async () => within(await screen.findByRole("form", { name: "Yard profile" }, WAIT));

describe("the yard's profile", () => {
  it("starts from what the yard says now and saves the whole profile, nothing ticked as not said", async () => {
    const user = userEvent.setup();
    const requests = renderProfile();
    const form = await profile();
    expect(form.getByLabelText("Monday opens")).toHaveValue("08:00");
    expect(within(form.getByRole("group", { name: "Tuesday" })).getByText("Closed")).toBeInTheDocument();
    expect(form.getByRole("checkbox", { name: "Copper" })).toBeChecked();
    expect(form.getByRole("checkbox", { name: "Cash" })).toBeChecked();

    await user.click(form.getByRole("button", { name: "Remove Saturday's hours 08:00–12:00" }));
    await user.click(form.getByRole("button", { name: "Open on Sunday" }));
    await user.click(form.getByRole("checkbox", { name: "#1 Copper" }));
    await user.click(form.getByRole("checkbox", { name: "Cash" }));
    await user.click(form.getByRole("checkbox", { name: "Bank transfer (EFT)" }));
    await user.click(form.getByRole("checkbox", { name: "Accurate Weighing" }));
    await user.type(form.getByRole("textbox", { name: "How a visit works" }), "Bring your ID. Paid by EFT same day.");
    await user.click(form.getByRole("button", { name: "Save profile" }));
    expect(await form.findByText("Profile saved.", {}, WAIT)).toBeInTheDocument();
    const [save] = sent(requests, SAVE);
    expect(save?.headers.get("X-CSRF-Token")).toBe("csrf-owner");
    expect(await save?.json()).toEqual({
      weeklyHours: [
        { day: 0, opens: "08:00", closes: "17:00" },
        { day: 6, opens: "08:00", closes: "17:00" },
      ],
      acceptedMaterials: ["copper", "copper-1"],
      services: ["Accurate Weighing"],
      paymentMethods: ["eft"],
      visitNotes: "Bring your ID. Paid by EFT same day.",
    });
  });

  it("shows each problem of a refused profile", async () => {
    const user = userEvent.setup();
    const problems = ["acceptedMaterials: no material 'unobtainium'"];
    renderProfile(() => json({ message: "The profile was not saved", detail: "…", problems }, 422));
    const form = await profile();
    await user.click(form.getByRole("button", { name: "Save profile" }));
    const alert = await form.findByText("The profile was not saved:", {}, WAIT);
    expect(alert.parentElement).toHaveTextContent(problems[0] as string);
  });
});
