import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { countryQueries } from "@/api/queries";
import { RegionSellerNotes } from "@/pages/region/region-seller-notes";
import { california } from "@/pages/region/test-fixtures";
import { renderRoute } from "@/test/render";
import { SellerChecklistCard } from "./seller-checklist";
import { auChecklist } from "./test-fixtures";

const seed = [[countryQueries.sellerChecklist("AU").queryKey, auChecklist] as [readonly unknown[], unknown]];

function renderCard(regionSlug: string | null) {
  return renderRoute(<SellerChecklistCard countryCode="AU" countryName="Australia" regionSlug={regionSlug} />, {
    path: "/",
    url: "/",
    seed,
  });
}

const entry = (title: string) => within(screen.getByRole("heading", { name: title }).closest("li") as HTMLElement);

describe("the seller's checklist", () => {
  it("puts the city's own region first and the other regions behind a disclosure", async () => {
    renderCard("new-south-wales");
    expect(screen.getByRole("heading", { name: "Before You Sell in Australia" })).toBeInTheDocument();
    const payment = entry("How you will be paid");
    expect(payment.getByText("In New South Wales:")).toBeInTheDocument();
    expect(payment.getByText("No cash, and no payment in goods or services.")).toBeVisible();
    const differs = payment.getByText("Where it differs (Victoria)");
    expect(payment.getByText(/only a non-transferable cheque/)).not.toBeVisible();
    await userEvent.click(differs);
    expect(payment.getByText(/only a non-transferable cheque/)).toBeVisible();
  });

  it("names every source as a link with its review date, and flags what is not confirmed", () => {
    renderCard(null);
    const converters = entry("Catalytic converters");
    expect(converters.getByRole("link", { name: "Consumer Affairs Victoria" })).toHaveAttribute(
      "href",
      "https://www.consumer.vic.gov.au/scrapmetal",
    );
    expect(converters.getByText(/Reviewed Nov 29, 2026\./)).toBeInTheDocument();
    expect(converters.getByText("Not confirmed")).toBeInTheDocument();
    expect(converters.getByText("No rule found in the texts checked.")).toBeInTheDocument();
    // A confirmed line's note is a note, not a warning.
    const payment = entry("How you will be paid");
    expect(payment.getByText("Note: The other states were not reviewed.")).toBeInTheDocument();
    // Without a region of the page, no line is singled out.
    expect(payment.queryByText("In New South Wales:")).not.toBeInTheDocument();
  });

  it("says so when we hold no checklist for the country", () => {
    renderRoute(<SellerChecklistCard countryCode="AU" countryName="Australia" />, {
      path: "/",
      url: "/",
      seed: [[countryQueries.sellerChecklist("AU").queryKey, { countryCode: "AU", items: [] }]],
    });
    expect(screen.getByText("No seller's checklist yet")).toBeInTheDocument();
  });
});

describe("a region's seller notes", () => {
  const region = (slug: string, name: string) => ({
    ...california,
    slug,
    name,
    country: { code: "AU", name: "Australia" },
  });

  it("shows only the lines of its region", () => {
    renderRoute(<RegionSellerNotes region={region("victoria", "Victoria")} />, { path: "/", url: "/", seed });
    expect(screen.getByRole("heading", { name: "Selling Scrap in Victoria" })).toBeInTheDocument();
    expect(screen.getByText(/only a non-transferable cheque/)).toBeInTheDocument();
    expect(screen.queryByText(/no payment in goods or services/)).not.toBeInTheDocument();
  });

  it("says the country's checklist applies when nothing differs", () => {
    renderRoute(<RegionSellerNotes region={region("tasmania", "Tasmania")} />, { path: "/", url: "/", seed });
    expect(screen.getByText(/nothing specific to Tasmania/)).toBeInTheDocument();
  });
});
