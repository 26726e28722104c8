import { CheckCircle2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** SPEC §2: the list shown for every yard whose own services are unknown. */
export const SERVICES = [
  "Accurate Weighing",
  "Pickup Service",
  "All Metal Types",
  "Competitive Prices",
  "Licensed & Insured",
] as const;

/** The yard's own services once known (issue 17's corrections), else the SPEC's default list. */
export function ServicesCard({ services }: { services?: readonly string[] | null }) {
  const shown = services ?? SERVICES;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Services & Features</CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-600">No services listed.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {shown.map((service) => (
              <li key={service} className="flex items-center gap-2 text-sm text-slate-800">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700" />
                {service}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
