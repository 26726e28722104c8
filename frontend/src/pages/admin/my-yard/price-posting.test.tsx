import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { json, renderConsole, sent, serve, WAIT } from "../test-fixtures";
import { MY_YARD, OWNER } from "./test-fixtures";

const fetchSpy = spyOnFetch();
const POST = "PUT /api/owner/yards/1/prices";
afterEach(() => window.localStorage.clear());

function renderPosting(post: (request: Request) => Response | Promise<Response> = () => json(MY_YARD)) {
  const requests = serve(fetchSpy, { "GET /api/auth/me": OWNER, "GET /api/owner/yards/1": MY_YARD, [POST]: post });
  renderConsole("/admin/my-yard/1");
  return requests;
}

const posting = () => within(screen.getByRole("region", { name: "Today's prices" }));
const form = async () => within(await screen.findByRole("form", { name: "Post today's prices" }, WAIT));
const priceBox = (name: string) => screen.getByRole("textbox", { name });

describe("posting today's prices", () => {
  it("has a row per material the yard buys or posted, previous prices prefilled, typed with a decimal keypad", async () => {
    renderPosting();
    const board = await form();
    const names = board.getAllByRole("textbox").map((box) => box.getAttribute("name"));
    expect(names).toEqual(["copper", "copper-1", "catalytic-converters"]); // not brass: neither bought nor posted
    const copper1 = priceBox("#1 Copper");
    expect(copper1).toHaveValue("182.50");
    expect(copper1).toHaveAttribute("inputmode", "decimal");
    expect(copper1).toHaveAccessibleDescription(
      "Last posted R182.50 per kg on Nov 27, 2026 · City: R173.75 (Estimate, Nov 29, 2026)",
    );
    expect(priceBox("Copper")).toHaveValue("");
    expect(priceBox("Catalytic Converters")).toHaveValue("1050.00");
    expect(board.getByText("per piece")).toBeInTheDocument(); // one unit: said, not asked
    expect(screen.getByText(/What Pioneer Metal Traders pays today, Nov 29, 2026, in ZAR/)).toBeInTheDocument();
  });

  it("converts a prefilled price to the unit chosen, and keeps a typed one as typed", async () => {
    const user = userEvent.setup();
    renderPosting();
    const board = await form();
    await user.selectOptions(board.getByRole("combobox", { name: "Unit for #1 Copper" }), "per lb");
    expect(priceBox("#1 Copper")).toHaveValue("82.78");
    await user.type(priceBox("Copper"), "150");
    await user.selectOptions(board.getByRole("combobox", { name: "Unit for Copper" }), "per tonne");
    expect(priceBox("Copper")).toHaveValue("150");
  });

  it("posts what was typed in its unit and the unchanged previous prices as stored, then says for which day", async () => {
    const user = userEvent.setup();
    const requests = renderPosting();
    const board = await form();
    await user.type(priceBox("Copper"), "150,5"); // a comma keypad
    await user.selectOptions(board.getByRole("combobox", { name: "Unit for Copper" }), "per lb");
    await user.click(board.getByRole("button", { name: "Post today's prices" }));
    expect(await posting().findByRole("status", {}, WAIT)).toHaveTextContent(
      "Posted 3 prices for Nov 29, 2026. Your yard's page shows them as posted by the yard on Nov 29, 2026.",
    );
    const [post] = sent(requests, POST);
    expect(post?.headers.get("X-CSRF-Token")).toBe("csrf-owner");
    expect(await post?.json()).toEqual({
      prices: [
        { materialSlug: "copper", price: "150.5", unit: "lb" },
        { materialSlug: "copper-1", price: "182.5000", unit: "kg" },
        { materialSlug: "catalytic-converters", price: "1050.0000", unit: "piece" },
      ],
    });
  });

  it("says what is wrong with a typed price on its row, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = renderPosting();
    const board = await form();
    await user.type(priceBox("Copper"), "12.3.4");
    await user.click(board.getByRole("button", { name: "Post today's prices" }));
    expect(priceBox("Copper")).toHaveFocus();
    expect(priceBox("Copper")).toHaveAccessibleDescription(/Write the price as a number, e\.g\. 172\.50/);
    expect(priceBox("Copper")).toHaveAttribute("aria-invalid", "true");
    expect(sent(requests, POST)).toHaveLength(0);
    await user.clear(priceBox("#1 Copper"));
    await user.clear(priceBox("Copper"));
    await user.clear(priceBox("Catalytic Converters"));
    await user.click(board.getByRole("button", { name: "Post today's prices" }));
    expect(posting().getByRole("alert")).toHaveTextContent("Type at least one price to post.");
    expect(sent(requests, POST)).toHaveLength(0);
  });

  it("shows the publish checks' problems at the top and on the rows they name", async () => {
    const order = "at Pioneer Metal Traders, Copper (R190.00) is above #1 Copper (R182.50) on 2026-11-29";
    const problems = ["line 3: Catalytic Converters: the price is over 1,000,000", order];
    const user = userEvent.setup();
    renderPosting(() => json({ message: "The prices were not posted", detail: "…", problems }, 422));
    const board = await form();
    await user.type(priceBox("Copper"), "190");
    await user.click(board.getByRole("button", { name: "Post today's prices" }));
    const alert = await screen.findByText("The prices were not posted:", {}, WAIT);
    expect(
      within(alert.parentElement as HTMLElement)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(problems);
    expect(priceBox("Catalytic Converters")).toHaveAccessibleDescription(
      /Catalytic Converters: the price is over 1,000,000$/,
    );
    expect(priceBox("Copper")).toHaveAccessibleDescription(expect.stringContaining(order));
    expect(priceBox("#1 Copper")).toHaveAccessibleDescription(expect.stringContaining(order));
    // Changing a row takes its problem away; the others stay until the next post.
    await user.type(priceBox("Copper"), "0");
    expect(priceBox("Copper")).not.toHaveAttribute("aria-invalid");
    expect(priceBox("#1 Copper")).toHaveAttribute("aria-invalid", "true");
  });

  it("adds a material the yard did not list, its price box focused", async () => {
    const user = userEvent.setup();
    renderPosting();
    const board = await form();
    await user.selectOptions(board.getByRole("combobox", { name: "Add a material" }), "Brass");
    await user.click(board.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(priceBox("Brass")).toHaveFocus(), WAIT);
  });
});
