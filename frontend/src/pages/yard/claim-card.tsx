import { BadgeCheck, Store } from "lucide-react";
import { lazy } from "react";
import { LazyDialogButton } from "@/components/forms/lazy-dialog-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const ClaimDialog = lazy(() => import("./claim-dialog"));

type Props = { yard: { id: number; name: string; email: string | null }; claimed: boolean };

/** Issue 38: the yard's owner claims the listing, to post their own prices. */
export function ClaimCard({ yard, claimed }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Is this your yard?</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {claimed ? (
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <BadgeCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
            Its owner manages this listing. Work there too? Ask for your own login.
          </p>
        ) : (
          <p className="text-sm text-slate-600">Claim the listing to post your buying prices, free.</p>
        )}
        <LazyDialogButton className="justify-start" dialog={(state) => <ClaimDialog {...state} yard={yard} />}>
          <Store aria-hidden="true" className="h-4 w-4" />
          {claimed ? "Ask for a login" : "Claim this yard"}
        </LazyDialogButton>
      </CardContent>
    </Card>
  );
}
