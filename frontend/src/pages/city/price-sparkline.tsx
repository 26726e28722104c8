import { useQuery } from "@tanstack/react-query";
import { cityQueries } from "@/api/queries";
import { Sparkline } from "@/components/prices/sparkline";

/**
 * A material's last 30 days in the city's price table. Every row reads one shared request,
 * made once the table has drawn (it is not one of the page's first-render calls); until it
 * answers, or if it fails, the cell stays empty: the table never waits for it.
 */
export function PriceSparkline({ citySlug, materialSlug, materialName }: Props) {
  const query = useQuery({ ...cityQueries.sparklines(citySlug), retry: false });
  const line = query.data?.find((item) => item.materialSlug === materialSlug);
  if (!line) return null;
  return <Sparkline values={line.pointsExact.map(Number)} label={`${materialName}, last 30 days`} />;
}

type Props = { citySlug: string; materialSlug: string; materialName: string };
