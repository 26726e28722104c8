// Where the Call, Email, Website and Directions buttons of a yard go.

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export { mailtoHref } from "@/lib/email";

/**
 * The one rule for a yard's directions, wherever the button is (list, card, yard page): to its
 * coordinates when known, else to its address. The two used to differ (list by coordinates, yard
 * page by an address search), and for a yard whose address and pin disagree they led 11 km apart.
 */
export function directionsHref(yard: {
  latitude?: number | null;
  longitude?: number | null;
  address?: string | null;
}): string {
  const { latitude, longitude } = yard;
  const known = (value: number | null | undefined): value is number =>
    typeof value === "number" && Number.isFinite(value);
  const destination =
    known(latitude) && known(longitude) ? `${latitude},${longitude}` : encodeURIComponent(yard.address ?? "");
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}
