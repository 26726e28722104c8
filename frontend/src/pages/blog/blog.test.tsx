import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blogQueries } from "@/api/queries";
import { renderRoute } from "@/test/render";
import { Component as BlogPage } from "./index";
import { POSTS } from "./test-fixtures";

const fetchSpy = vi.hoisted(() => vi.spyOn(globalThis, "fetch"));
// The machine may be busy running other suites: give async UI a little longer than the 1 s default.
const WAIT = { timeout: 4000 };
afterEach(() => fetchSpy.mockReset());

const CHECK_INBOX = "Almost done: check your inbox and open the link we sent to confirm your subscription.";

function LocationProbe() {
  const { search } = useLocation();
  return <p data-testid="search">{search}</p>;
}

function renderBlog({ url = "/blog", posts = POSTS as unknown }: { url?: string; posts?: unknown } = {}) {
  // posts: null leaves the cache empty, so the page fetches.
  return renderRoute(
    <>
      <BlogPage />
      <LocationProbe />
    </>,
    { path: "/blog", url, seed: posts === null ? [] : [[blogQueries.list().queryKey, posts]] },
  );
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const chip = (name: string) => screen.getByRole("button", { name });
const latestGrid = () => screen.getByRole("region", { name: "Latest Articles" });
/** The article cards in the grid, one link each. */
const gridLinks = () => within(latestGrid()).getAllByRole("link");

describe("Blog list", () => {
  it("shows the featured post large and the others in the latest grid", () => {
    renderBlog();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const featured = screen.getByRole("link", { name: POSTS[0]?.title });
    expect(featured).toHaveAttribute("href", "/blog/ford-catalytic-converter-scrap-prices");
    expect(featured.closest("h2")).not.toBeNull();
    expect(screen.getByText("Featured")).toBeInTheDocument();

    expect(gridLinks()).toHaveLength(6);
    const honda = gridLinks()[0]?.closest("li") as HTMLElement;
    expect(within(honda).getByRole("link")).toHaveAttribute("href", "/blog/honda-catalytic-converter-scrap-prices");
    expect(within(honda).getByText("Catalytic Converters")).toBeInTheDocument();
    expect(within(honda).getByText("Oct 22, 2024")).toBeInTheDocument();
    expect(within(honda).getByText("6 min read")).toBeInTheDocument();
    expect(within(honda).queryByText(/views/)).not.toBeInTheDocument(); // the site counts none: no number shown
    expect(within(latestGrid()).queryByText(POSTS[0]?.title ?? "")).not.toBeInTheDocument();
  });

  it("filters with the chips, marks the pressed chip and keeps the choice in the URL", async () => {
    const user = userEvent.setup();
    renderBlog();
    expect(chip("All")).toHaveAttribute("aria-pressed", "true");

    await user.click(chip("Aluminum"));
    expect(chip("Aluminum")).toHaveAttribute("aria-pressed", "true");
    expect(chip("All")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("search")).toHaveTextContent("?category=aluminum");
    expect(screen.queryByText("Featured")).not.toBeInTheDocument();
    const cards = gridLinks();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent("Scrap Aluminum Rims");

    await user.click(chip("Catalytic Converters"));
    expect(screen.getByText("Featured")).toBeInTheDocument();
    expect(gridLinks()).toHaveLength(3);

    await user.click(chip("All"));
    expect(screen.getByTestId("search")).toHaveTextContent(/^$/);
    expect(gridLinks()).toHaveLength(6);
  });

  it("reads the category from the URL on load", () => {
    renderBlog({ url: "/blog?category=precious-metals" });
    expect(chip("Precious Metals")).toHaveAttribute("aria-pressed", "true");
    expect(gridLinks()).toHaveLength(1);
    expect(screen.getByText(/Rhodium Price per Ounce/)).toBeInTheDocument();
    expect(document.title).toBe("Precious Metals Articles - Scrap Metal Blog | ScrapIndex");
  });

  it("shows an empty state when a category has no posts", async () => {
    const user = userEvent.setup();
    renderBlog({ posts: POSTS.filter((post) => post.category !== "Vehicles") });
    await user.click(chip("Vehicles"));
    expect(screen.getByText("No articles found")).toBeInTheDocument();
  });

  it("shows skeletons while loading and a retry on failure", async () => {
    fetchSpy.mockResolvedValueOnce(new Response("boom", { status: 500 }));
    renderBlog({ posts: null });
    expect(screen.getByRole("status")).toHaveTextContent("Loading articles");
    expect(await screen.findByRole("button", { name: "Try again" }, WAIT)).toBeInTheDocument();
  });
});

describe("Stay Updated newsletter", () => {
  const emailBox = () => screen.getByRole("textbox", { name: "Email address" });

  it("promises only what a sign-up gets: the confirmation mail, no weekly roundup", () => {
    renderBlog();
    const card = screen.getByRole("region", { name: "Stay Updated" });
    expect(card).not.toHaveTextContent(/weekly|roundup|guides/i);
    expect(card).toHaveTextContent("No newsletter is being sent yet");
    expect(card).toHaveTextContent("one email, to confirm your address");
  });

  it("subscribes, shows the API's message and clears the input", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderBlog();
    await user.type(emailBox(), "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(await screen.findByRole("button", { name: "Subscribing..." }, WAIT)).toBeDisabled();
    const request = fetchSpy.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe("/api/newsletter");
    expect(await request.clone().json()).toEqual({ email: "reader@example.com", website: "" });

    answer(json({ message: CHECK_INBOX }, 200));
    expect(await screen.findByText(CHECK_INBOX, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("Check your inbox")).toBeInTheDocument();
    expect(emailBox()).toHaveValue("");
  });

  it("says so when this address was already subscribed from here", async () => {
    fetchSpy.mockResolvedValue(json({ message: "You're already subscribed." }, 200));
    const user = userEvent.setup();
    renderBlog();
    await user.type(emailBox(), "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Already subscribed", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText("You're already subscribed.")).toBeInTheDocument();
    expect(screen.queryByText("Subscribed")).not.toBeInTheDocument();
  });

  it("shows an error toast and keeps the address when it fails", async () => {
    fetchSpy.mockResolvedValue(json({ message: "Internal server error" }, 500));
    const user = userEvent.setup();
    renderBlog();
    await user.type(emailBox(), "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(await screen.findByText("Failed to subscribe. Please try again.", {}, WAIT)).toBeInTheDocument();
    expect(emailBox()).toHaveValue("reader@example.com");
  });

  it("checks the address before sending", async () => {
    const user = userEvent.setup();
    renderBlog();
    await user.type(emailBox(), "reader@");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(emailBox()).toHaveAccessibleDescription("Please enter a valid email address, for example name@example.com.");
    expect(emailBox()).toHaveFocus();
    await waitFor(() => expect(fetchSpy).not.toHaveBeenCalled());
  });
});
