import type { Schemas } from "@/api/client";

/** One marker of the clustered map: a count of yards, or (count 1) the yard itself. */
export type MapCluster = Schemas["YardCluster"];

/** What the map shows, as the clusters API takes it: `bbox` is "west,south,east,north". */
export type MapView = { zoom: number; bbox: string };

/** The box around every yard matching the filters, wherever the map is (where it fits them). */
export type MapBounds = Schemas["YardBounds"];
