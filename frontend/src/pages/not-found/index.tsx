import { NotFoundState } from "@/components/ui/page-states";
import { usePageMeta } from "@/lib/page-meta";

export function Component() {
  usePageMeta({
    title: "404 Page Not Found",
    description: "The page you are looking for does not exist.",
    noindex: true,
  });
  return (
    <NotFoundState
      title="404 Page Not Found"
      message="The page you're looking for doesn't exist or has moved."
      linkTo="/"
      linkLabel="Go Home"
    />
  );
}
