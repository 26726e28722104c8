import { BarChart3, Clock, MapPin, Scale } from "lucide-react";
import type { YardDetail } from "@/api/client";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { OpeningHours } from "@/components/yards/opening-hours";
import { cityPath, cityYardsPath } from "@/lib/paths";

export function HoursCard({ yard }: { yard: YardDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock aria-hidden="true" className="h-5 w-5 text-slate-500" />
          Opening Hours
        </CardTitle>
      </CardHeader>
      <CardContent>
        <OpeningHours yard={yard} />
      </CardContent>
    </Card>
  );
}

export function QuickActionsCard({ yard }: { yard: YardDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <ButtonLink to={cityPath(yard.city)} variant="outline" className="justify-start">
          <BarChart3 aria-hidden="true" className="h-4 w-4" /> View City Prices
        </ButtonLink>
        <ButtonLink to={cityYardsPath(yard.city)} variant="outline" className="justify-start">
          <MapPin aria-hidden="true" className="h-4 w-4" /> Other Scrap Yards
        </ButtonLink>
        <ButtonLink to="/scrap-metal-prices" variant="outline" className="justify-start">
          <Scale aria-hidden="true" className="h-4 w-4" /> Compare Prices
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
