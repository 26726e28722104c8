import { CheckCircle2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The yard's own services as its data states them; null (not known) is said as such. */
export function ServicesCard({ services }: { services?: readonly string[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Services & Features</CardTitle>
      </CardHeader>
      <CardContent>
        {services == null ? (
          <div className="space-y-1 text-sm text-slate-600">
            <p className="font-medium text-slate-800">Services not confirmed yet</p>
            <p>Know what this yard offers? Tell us with "Suggest a correction" under "Know this yard?" on this page.</p>
          </div>
        ) : services.length === 0 ? (
          <p className="text-sm text-slate-600">No services listed.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {services.map((service) => (
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
