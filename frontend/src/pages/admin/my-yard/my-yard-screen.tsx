import { useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "react-router";
import { yardPath } from "@/lib/paths";
import { useConsoleQueries } from "../api/queries";
import { ConsoleState, ScreenHeading } from "../ui/states";
import { PricePosting } from "./price-posting";
import { ProfileForm } from "./profile-form";

/** /admin/my-yard: the owner's yards; with one, straight to it. */
export function MyYardsScreen() {
  const yards = useQuery(useConsoleQueries().myYards());
  return (
    <ConsoleState query={yards} isEmpty={(found) => found.length === 0} empty="No yard is yours to post for.">
      {(found) => {
        const [only] = found;
        if (found.length === 1 && only) return <Navigate replace to={`/admin/my-yard/${only.id}`} />;
        return (
          <div>
            <ScreenHeading hint="Choose the yard to post prices for.">Your yards</ScreenHeading>
            <ul className="space-y-2">
              {found.map((yard) => (
                <li key={yard.id}>
                  <Link
                    to={`/admin/my-yard/${yard.id}`}
                    className="block rounded-lg border border-slate-200 bg-white p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span className="font-semibold text-slate-900">{yard.name}</span>
                    <span className="block text-sm text-slate-600">{yard.city.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </ConsoleState>
  );
}

/** /admin/my-yard/<id>: post today's prices (first: it is what an owner comes for), then the profile. */
export function MyYardScreen({ yardId }: { yardId: number }) {
  const yard = useQuery(useConsoleQueries().myYard(yardId));
  return (
    <ConsoleState query={yard}>
      {(detail) => (
        <div className="mx-auto max-w-2xl space-y-8">
          <ScreenHeading
            hint={
              <>
                {detail.yard.city.name} ·{" "}
                <Link to={yardPath(detail.yard)} className="text-brand-700 underline">
                  Your yard&apos;s public page
                </Link>
              </>
            }
          >
            {detail.yard.name}
          </ScreenHeading>
          {/* Keyed by the yard: another yard's screen starts from its own board. */}
          <PricePosting key={`prices-${detail.yard.id}`} detail={detail} />
          <ProfileForm key={`profile-${detail.yard.id}`} detail={detail} />
        </div>
      )}
    </ConsoleState>
  );
}
