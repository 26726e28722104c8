import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LicenceBadge } from "./licence-badge";

const LICENCE = {
  registerName: "Environment Agency public register of scrap metal dealers (England)",
  registerNo: "SMD-LBL-0412",
  checkedOn: "2026-11-29",
  expiresOn: "2027-02-28",
  registerUrl: "https://environment.data.gov.uk/public-register/scrap-metal-dealers/registration/SMD-LBL-0412",
  attribution: "Contains Environment Agency information © Environment Agency and/or database right",
  licenceUrl: "https://www.gov.uk/government/publications/environment-agency-conditional-licence",
};

describe("the yard's licence badge", () => {
  it("says the register number and the day it was checked, linking to the register entry", () => {
    render(<LicenceBadge licence={LICENCE} />);
    const link = screen.getByRole("link", { name: "Licensed (register no. SMD-LBL-0412, checked Nov 29, 2026)" });
    expect(link).toHaveAttribute("href", LICENCE.registerUrl);
    expect(screen.getByText(/Contains Environment Agency information/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "licence" })).toHaveAttribute("href", LICENCE.licenceUrl);
  });

  it("is not there without a confirmed licence", () => {
    const { container } = render(<LicenceBadge licence={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
