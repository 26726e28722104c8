/** What a map marker needs to know about a yard. */
export type MapYard = {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  rating: number | null;
  isOpen: boolean | null;
};
