import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { neighbourPages, Pagination, windowPages } from "./pagination";

describe("neighbourPages (city yards)", () => {
  it("shows every page when there are few", () => {
    expect(neighbourPages(1, 1)).toEqual([1]);
    expect(neighbourPages(2, 3)).toEqual([1, 2, 3]);
  });

  it("keeps the first, the last and the current page's neighbours, with gaps between", () => {
    expect(neighbourPages(1, 10)).toEqual([1, 2, "gap", 10]);
    expect(neighbourPages(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(neighbourPages(10, 10)).toEqual([1, "gap", 9, 10]);
    expect(neighbourPages(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
  });
});

describe("windowPages (directory)", () => {
  it("shows up to five numbers and nothing else when they reach the end", () => {
    expect(windowPages(1, 3)).toEqual([1, 2, 3]);
    expect(windowPages(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("centres the window on the current page and jumps to the last page after a gap", () => {
    expect(windowPages(1, 29)).toEqual([1, 2, 3, 4, 5, "gap", 29]);
    expect(windowPages(10, 29)).toEqual([8, 9, 10, 11, 12, "gap", 29]);
    expect(windowPages(24, 29)).toEqual([22, 23, 24, 25, 26, "gap", 29]);
  });

  it("drops the gap when the window ends next to the last page, and slides at the end", () => {
    expect(windowPages(25, 29)).toEqual([23, 24, 25, 26, 27, "gap", 29]);
    expect(windowPages(26, 29)).toEqual([24, 25, 26, 27, 28, 29]);
    expect(windowPages(29, 29)).toEqual([25, 26, 27, 28, 29]);
  });
});

describe("Pagination", () => {
  it("marks the current page and moves with Previous, Next and the numbers", async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pages={3} items={[1, 2, 3]} onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: /Previous/ })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: /Next/ }));
    await userEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });

  it("is absent when everything fits on one page", () => {
    const { container } = render(<Pagination page={1} pages={1} items={[1]} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
