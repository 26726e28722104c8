export type Change = { field: string; before: string; after: string };

type Values = Record<string, unknown> | null;

function show(value: unknown): string {
  if (value === undefined) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The fields an audited change touched, before -> after; unchanged fields are left out. */
export function changedFields(before: Values, after: Values): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: show(before?.[field]), after: show(after?.[field]) }))
    .filter((change) => change.before !== change.after);
}
