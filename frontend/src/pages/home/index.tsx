// Placeholder: built in its own change.
export function Component() {
  return <h1 className="text-2xl font-bold">home</h1>;
}
