import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataCredits } from "@/components/yards/data-credits";
import { OsmAttribution } from "./osm-attribution";

const OSM = {
  text: "© OpenStreetMap contributors",
  licence: "Open Database License (ODbL) 1.0",
  url: "https://www.openstreetmap.org/copyright",
};

describe("a yard from OpenStreetMap", () => {
  it("credits OpenStreetMap, linking to its copyright page", () => {
    render(<OsmAttribution yard={{ attribution: OSM, leftSourceAt: null }} />);
    expect(screen.getByRole("link", { name: OSM.text })).toHaveAttribute("href", OSM.url);
    expect(screen.getByText(/Open Database License \(ODbL\) 1\.0/)).toBeInTheDocument();
    expect(screen.queryByText(/No longer listed/)).not.toBeInTheDocument();
  });

  it("says since when it is no longer listed there", () => {
    render(<OsmAttribution yard={{ attribution: OSM, leftSourceAt: "2026-11-29T15:36:00Z" }} />);
    expect(screen.getByText("No longer listed on OpenStreetMap (since Nov 29, 2026)")).toBeInTheDocument();
  });

  it("shows nothing for a yard of another source", () => {
    const { container } = render(<OsmAttribution yard={{ attribution: null, leftSourceAt: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("a list's data credits", () => {
  it("are there only when the page holds yards that ask for one", () => {
    const { container, rerender } = render(<DataCredits credits={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DataCredits credits={[OSM]} />);
    expect(screen.getByRole("link", { name: OSM.text })).toHaveAttribute("href", OSM.url);
  });
});
