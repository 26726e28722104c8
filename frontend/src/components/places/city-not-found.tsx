import { NotFoundState } from "@/components/ui/page-states";

/** SPEC §8: the city pages' fallback for an unknown city (or a city under another country). */
export function CityNotFound() {
  return (
    <NotFoundState
      title="City Not Found"
      message="The city you're looking for doesn't exist."
      linkTo="/"
      linkLabel="Go Home"
    />
  );
}
