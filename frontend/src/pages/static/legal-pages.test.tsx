import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render";
import { Component as Disclaimer } from "./content-disclaimer";
import { Component as Privacy } from "./privacy-policy";
import { Component as Terms } from "./terms-of-service";

function renderPage(element: React.ReactElement, url: string) {
  return renderRoute(element, { path: url, url });
}

describe("Policy pages", () => {
  it("privacy policy states its date, response time, retention and age limit", () => {
    renderPage(<Privacy />, "/privacy-policy");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText("Last updated: December 2024")).toBeInTheDocument();
    expect(screen.getByText(/We respond within 30 days/)).toBeInTheDocument();
    expect(screen.getByText("Usage data: 2 years.")).toBeInTheDocument();
    expect(screen.getByText("Technical logs: 1 year.")).toBeInTheDocument();
    expect(screen.getByText(/not intended for children under 13/)).toBeInTheDocument();
    expect(document.title).toBe("Privacy Policy | ScrapIndex");
  });

  it("terms require 18+, give 30 days notice and disclaim demo prices", () => {
    renderPage(<Terms />, "/terms-of-service");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days notice of material changes/)).toBeInTheDocument();
    expect(screen.getByText(/generated demo data set/)).toBeInTheDocument();
  });

  it("content disclaimer covers educational use and converter compliance", () => {
    renderPage(<Disclaimer />, "/content-disclaimer");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Educational use only" })).toBeInTheDocument();
    expect(screen.getByText(/Keep proof of ownership/)).toBeInTheDocument();
    expect(screen.getByText(/Sell only to licensed scrap dealers/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Vehicle recycling" })).toBeInTheDocument();
  });
});
