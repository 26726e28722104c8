/** A route's yard id, when it is a positive integer (anything else is not a yard). */
export function parseYardId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
