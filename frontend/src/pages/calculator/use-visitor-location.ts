import { useState } from "react";

export type Locating = "idle" | "locating" | "found" | "denied" | "failed" | "unsupported";

export const LOCATION_PROBLEMS: Partial<Record<Locating, string>> = {
  denied: "Location permission was not given. Choose your city instead.",
  failed: "Your location could not be found. Choose your city instead.",
  unsupported: "This browser cannot share your location. Choose your city instead.",
};

/** The point as the API takes it: 5 decimals (about a metre) is all a distance needs. */
export function nearText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
}

/**
 * "Use my location": the visitor's point, asked of the browser when they press the button. It
 * is kept in this page only (never in the URL, the history or storage), as the yards' Near Me
 * card keeps it: a shared link carries the list and the city, not where its sender stands.
 */
export function useVisitorLocation() {
  const [near, setNear] = useState<string | null>(null);
  const [state, setState] = useState<Locating>("idle");

  const locate = (onFound: () => void) => {
    if (!("geolocation" in navigator)) {
      setState("unsupported");
      return;
    }
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setNear(nearText(coords.latitude, coords.longitude));
        setState("found");
        onFound();
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "failed"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const forget = () => {
    setNear(null);
    setState("idle");
  };

  return { near, state, locate, forget };
}
