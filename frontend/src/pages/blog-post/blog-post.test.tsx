import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BlogPost } from "@/api/client";
import { blogQueries } from "@/api/queries";
import { POSTS } from "@/pages/blog/test-fixtures";
import { renderRoute } from "@/test/render";
import { Component as BlogPostPage } from "./index";

const fetchSpy = vi.hoisted(() => vi.spyOn(globalThis, "fetch"));
// The machine may be busy running other suites: give async UI a little longer than the 1 s default.
const WAIT = { timeout: 4000 };
afterEach(() => {
  fetchSpy.mockReset();
  Reflect.deleteProperty(navigator, "share");
});

const [ford, honda, chevrolet, toyota] = POSTS as [BlogPost, BlogPost, BlogPost, BlogPost];

// Shaped like GET /api/blog/honda-catalytic-converter-scrap-prices (content shortened).
const POST: BlogPost = {
  ...honda,
  content:
    "<p>Honda sells huge numbers of Civics, Accords, CR-Vs, Fits and Odysseys.</p>\n<h2>Where the value comes from</h2>\n<p>Every catalytic converter works the same way.</p>",
  related: [ford, chevrolet, toyota],
};

function renderPost(slug = POST.slug, seed = true) {
  return renderRoute(<BlogPostPage />, {
    path: "/blog/:slug",
    url: `/blog/${slug}`,
    seed: seed ? [[blogQueries.detail(slug).queryKey, POST]] : [],
  });
}

describe("Blog post page", () => {
  it("renders the article, its details, the disclaimer and ad slots", () => {
    const { container } = renderPost();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(POST.title);
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    const article = within(screen.getByRole("article"));
    expect(article.getByText(POST.description)).toBeInTheDocument();
    expect(article.getByText("Catalytic Converters")).toBeInTheDocument();
    expect(article.getByText("Oct 22, 2024")).toBeInTheDocument();
    expect(article.getByText("6 min read")).toBeInTheDocument();
    expect(article.queryByText(/views/)).not.toBeInTheDocument(); // the site counts none: no number shown

    const content = container.querySelector(".prose-content");
    expect(content?.querySelector("h2")).toHaveTextContent("Where the value comes from");
    expect(content).toHaveTextContent("Every catalytic converter works the same way.");

    expect(screen.getByRole("complementary", { name: "Disclaimer" })).toHaveTextContent(/check your local laws/);
    expect(container.querySelector("#blog-ad-1")).not.toBeNull();
    expect(container.querySelector("#blog-ad-2")).not.toBeNull();
    expect(document.title).toBe(`${POST.title} | ScrapIndex`);
  });

  it("links up to two related posts", () => {
    renderPost();
    const related = screen.getByRole("region", { name: "Related Articles" });
    const links = Array.from(related.querySelectorAll("a")).map((link) => link.getAttribute("href"));
    expect(links).toEqual([`/blog/${ford.slug}`, `/blog/${chevrolet.slug}`]);
  });

  it("shows Post Not Found for an unknown slug", async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ message: "Post 'nope' not found" }), {
        status: 404,
        headers: { "Content-Type": "application/json" },
      }),
    );
    renderPost("nope", false);
    expect(await screen.findByRole("heading", { level: 1, name: "Post Not Found" }, WAIT)).toBeInTheDocument();
    expect(screen.getByText("The blog post you're looking for doesn't exist")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  it("shows a loading state, then a retry for other failures", async () => {
    fetchSpy.mockResolvedValue(new Response("boom", { status: 500 }));
    renderPost("broken", false);
    expect(screen.getByRole("status")).toHaveTextContent("Loading article");
    expect(await screen.findByRole("button", { name: "Try again" }, WAIT)).toBeInTheDocument();
  });

  it("copies the link when the browser has no share sheet", async () => {
    const user = userEvent.setup();
    const write = vi.spyOn(navigator.clipboard, "writeText");
    renderPost();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(write).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText("Link copied", {}, WAIT)).toBeInTheDocument();
  });

  it("uses the native share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    const user = userEvent.setup();
    renderPost();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({ title: POST.title, text: POST.description, url: window.location.href });
  });
});
