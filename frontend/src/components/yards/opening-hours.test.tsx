import { render, screen } from "@testing-library/react";
import { OpeningHours } from "./opening-hours";

describe("OpeningHours", () => {
  it("lists the weekly hours, one line per day", () => {
    render(<OpeningHours yard={{ weeklyHours: [{ day: 0, opens: "08:00", closes: "17:00" }], openingHours: null }} />);
    expect(screen.getAllByRole("term")[0]).toHaveTextContent("Monday");
    expect(screen.getAllByRole("definition")[0]).toHaveTextContent("8:00 AM - 5:00 PM");
    expect(screen.queryByText(/Hours unknown/)).not.toBeInTheDocument();
  });

  it("says unknown hours are unknown and offers the phone number, not a default timetable", () => {
    render(<OpeningHours yard={{ weeklyHours: [], openingHours: null, phone: "+27 11 555 0100" }} compact />);
    expect(screen.getByText("Hours unknown — call ahead")).toBeInTheDocument();
    expect(screen.queryByRole("term")).not.toBeInTheDocument();
    expect(screen.queryByText(/Monday|Saturday|Sunday/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Call +27 11 555 0100" })).toHaveAttribute("href", "tel:+27115550100");
  });

  it("has no link without a phone number", () => {
    render(<OpeningHours yard={{ weeklyHours: [], openingHours: "  ", phone: null }} />);
    expect(screen.getByText("Hours unknown — call ahead")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the yard's own free-text hours", () => {
    render(<OpeningHours yard={{ weeklyHours: [], openingHours: "Mon-Fri: 7 AM - 4 PM" }} />);
    expect(screen.getByRole("term")).toHaveTextContent("Mon-Fri");
    expect(screen.queryByText(/Hours unknown/)).not.toBeInTheDocument();
  });
});
