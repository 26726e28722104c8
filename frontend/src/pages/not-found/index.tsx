import { NotFoundState } from "@/components/ui/page-states";
import { usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";

export function Component() {
  usePageMeta(pageText("notFound"));
  return (
    <NotFoundState
      title="404 Page Not Found"
      message="The page you're looking for doesn't exist or has moved."
      linkTo="/"
      linkLabel="Go Home"
    />
  );
}
