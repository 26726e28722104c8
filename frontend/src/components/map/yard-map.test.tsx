import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MapYard, YardMap } from "./yard-map";

const yards: MapYard[] = [
  { id: 1, name: "Alpha Metals", latitude: -26.2, longitude: 28.04, rating: 4.6, isOpen: true },
  { id: 2, name: "Beta Scrap", latitude: -26.1, longitude: 28.1, rating: null, isOpen: false },
];

function mapOf(items: MapYard[]) {
  return (
    <MemoryRouter>
      <YardMap yards={items} center={[-26.2, 28.04]} label="Map of scrap yards" />
    </MemoryRouter>
  );
}

const renderMap = (items: MapYard[]) => render(mapOf(items));

describe("YardMap", () => {
  it("puts one labelled marker per yard", async () => {
    renderMap(yards);
    expect(screen.getByRole("region", { name: "Map of scrap yards" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("button", { name: /Alpha Metals|Beta Scrap/ })).toHaveLength(2));
  });

  it("rebuilds the markers when the yards change", async () => {
    const { rerender } = renderMap(yards);
    await waitFor(() => expect(document.querySelectorAll(".leaflet-marker-icon")).toHaveLength(2));
    rerender(mapOf(yards.slice(0, 1)));
    await waitFor(() => expect(document.querySelectorAll(".leaflet-marker-icon")).toHaveLength(1));
  });

  it("closes an open marker popup on Escape and gives focus back to the marker", async () => {
    const { unmount } = renderMap(yards);
    const marker = (await screen.findAllByRole("button", { name: "Alpha Metals" }))[0] as HTMLElement;
    marker.focus();
    fireEvent.click(marker);
    await waitFor(() => expect(document.querySelector(".leaflet-popup")).not.toBeNull());
    expect(document.querySelector(".leaflet-popup")).toHaveTextContent("Alpha Metals");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(document.querySelector(".leaflet-popup")).toBeNull());
    expect(marker).toHaveFocus();
    unmount();
    // The listener goes with the map: a later Escape reaches nothing of it.
    fireEvent.keyDown(document.body, { key: "Escape" });
  });

  describe("below the screen", () => {
    // A browser's IntersectionObserver, driven by the test: jsdom has none (the map loads at once).
    let report: ((isIntersecting: boolean) => void) | undefined;
    class ScreenObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = (isIntersecting) => callback([{ isIntersecting }]);
      }
      observe() {}
      disconnect() {}
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      report = undefined;
    });

    it("loads the map only once it comes near the screen", async () => {
      vi.stubGlobal("IntersectionObserver", ScreenObserver);
      renderMap(yards);
      expect(screen.getByRole("region", { name: "Map of scrap yards" })).toBeInTheDocument();
      await waitFor(() => expect(report).toBeDefined());
      act(() => report?.(false));
      await new Promise((resolve) => setTimeout(resolve, 50)); // time enough to have loaded
      expect(document.querySelector(".leaflet-container")).toBeNull();

      act(() => report?.(true));
      await waitFor(() => expect(screen.getAllByRole("button", { name: /Alpha Metals|Beta Scrap/ })).toHaveLength(2));
    });
  });
});
