import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/client";
import { ErrorState, failureMessage } from "./page-states";

describe("failure messages", () => {
  it("say in plain words that the site could not be reached, not the browser's 'Failed to fetch'", () => {
    expect(failureMessage(new TypeError("Failed to fetch"), true)).toBe(
      "ScrapIndex could not be reached. Check your connection and try again.",
    );
    expect(failureMessage(new TypeError("Failed to fetch dynamically imported module: /assets/about.js"), false)).toBe(
      "You're offline. Connect to the internet and try again.",
    );
  });

  it("keep the API's own message and any other error's", () => {
    expect(failureMessage(new ApiError(500, '500: {"message":"Database unavailable"}'))).toBe("Database unavailable");
    expect(failureMessage(new TypeError("x is undefined"))).toBe("x is undefined");
  });

  it("head a whole page's failure with its h1", () => {
    render(
      <ErrorState error={new TypeError("Failed to fetch")} onRetry={() => undefined} title="Oops" headingLevel={1} />,
    );
    expect(screen.getByRole("alert")).toContainElement(screen.getByRole("heading", { level: 1, name: "Oops" }));
  });
});
