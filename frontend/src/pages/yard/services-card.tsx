import { CheckCircle2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** SPEC §2: the same list for every yard. */
export const SERVICES = [
  "Accurate Weighing",
  "Pickup Service",
  "All Metal Types",
  "Competitive Prices",
  "Licensed & Insured",
] as const;

export function ServicesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Services & Features</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <li key={service} className="flex items-center gap-2 text-sm text-slate-800">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700" />
              {service}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
