import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PostMeta } from "./post-meta";

describe("PostMeta", () => {
  it("shows the date and read time, and no view count even if an answer carried one", () => {
    // An older API answer typed views into each post; whatever it says, no number is shown.
    const post = { publishDate: "2024-10-22", readTime: 6, views: 8730 };
    render(<PostMeta post={post} />);
    expect(screen.getByText("Oct 22, 2024")).toBeInTheDocument();
    expect(screen.getByText("6 min read")).toBeInTheDocument();
    expect(screen.queryByText(/8,730/)).not.toBeInTheDocument();
    expect(screen.queryByText(/views/i)).not.toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });
});
