import { useQuery } from "@tanstack/react-query";
import { materialQueries } from "@/api/queries";
import { givenUnit, givenUnits, type Unit } from "@/lib/format";
import { useUnitFor } from "@/lib/use-unit";

export type GivenUnit = { unit: Unit; options: readonly Unit[] };

/**
 * For a form: the unit it takes a material's price in, and the units it may offer, those the
 * material may be priced in (per piece alone for a catalytic converter, troy oz first for silver).
 * Until the visitor picks one (`picked` null) it is the unit the material's prices are shown in; a
 * pick that does not fit another material gives way to that material's. Weights until the
 * material is known.
 */
export function useGivenUnit(): (materialSlug: string, picked: Unit | null) => GivenUnit {
  const materials = useQuery(materialQueries.list());
  const unitFor = useUnitFor();
  return (materialSlug, picked) => {
    const saleUnit = materials.data?.find((material) => material.slug === materialSlug)?.saleUnit ?? "kg";
    return { unit: givenUnit(saleUnit, picked, unitFor(saleUnit)), options: givenUnits(saleUnit) };
  };
}
