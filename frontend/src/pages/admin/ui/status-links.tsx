import { Link, useSearchParams } from "react-router";

export type StatusOption<Status extends string> = { status: Status; label: string };

const PILL =
  "rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

/** The list's status from ?status=, the first option when it names none of them. */
export function useStatusParam<Status extends string>(
  options: readonly [StatusOption<Status>, ...StatusOption<Status>[]],
): Status {
  const [params] = useSearchParams();
  const wanted = params.get("status");
  return options.find(({ status }) => status === wanted)?.status ?? options[0].status;
}

/** A list's statuses as links that keep the choice in the URL (?status=; none for the first). */
export function StatusLinks<Status extends string>({
  label,
  options,
  current,
}: {
  label: string;
  options: readonly StatusOption<Status>[];
  current: Status;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {options.map((option, index) => (
        <Link
          key={option.status}
          to={{ search: index === 0 ? "" : `?status=${option.status}` }}
          aria-current={option.status === current ? "page" : undefined}
          className={PILL}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
