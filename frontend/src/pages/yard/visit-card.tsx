import { useQuery } from "@tanstack/react-query";
import { materialQueries } from "@/api/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paymentLabel } from "@/components/yards/yard-profile";

type Props = {
  /** Slugs of the materials the yard buys; null: not said. */
  acceptedMaterials: readonly string[] | null;
  paymentMethods: readonly string[] | null;
  /** "How a visit works", in the owner's words; null: not said. */
  visitNotes: string | null;
};

/** What the yard's owner says about selling there; nothing when they have said nothing. */
export function VisitCard({ acceptedMaterials, paymentMethods, visitNotes }: Props) {
  if (acceptedMaterials === null && paymentMethods === null && !visitNotes) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Selling here</CardTitle>
        <p className="text-sm text-slate-600">As the yard says it.</p>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          {visitNotes && (
            <div>
              <dt className="font-medium text-slate-900">How a visit works</dt>
              <dd className="mt-1 whitespace-pre-line text-slate-800">{visitNotes}</dd>
            </div>
          )}
          {paymentMethods !== null && (
            <div>
              <dt className="font-medium text-slate-900">Pays by</dt>
              <dd className="mt-1 text-slate-800">
                {paymentMethods.length ? paymentMethods.map(paymentLabel).join(", ") : "Not said"}
              </dd>
            </div>
          )}
          {acceptedMaterials !== null && (
            <div>
              <dt className="font-medium text-slate-900">Buys</dt>
              <dd className="mt-1 text-slate-800">
                <AcceptedMaterials slugs={acceptedMaterials} />
              </dd>
            </div>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

function AcceptedMaterials({ slugs }: { slugs: readonly string[] }) {
  const materials = useQuery(materialQueries.list());
  if (slugs.length === 0) return <>No materials listed</>;
  const name = (slug: string) => materials.data?.find((material) => material.slug === slug)?.name ?? slug;
  return <>{slugs.map(name).join(", ")}</>;
}
