import { Share2 } from "lucide-react";
import type { YardDetail } from "@/api/client";
import { useToast } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { trackEvent } from "@/lib/analytics";

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** The native share sheet where there is one; otherwise the page's address goes to the clipboard. */
export function ShareButton({ yard }: { yard: YardDetail }) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    trackEvent({ action: "share", category: "scrap_yards", label: yard.name });
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({
          title: yard.name,
          text: `${yard.name}, scrap yard in ${yard.city.name}, ${yard.city.country.name}`,
          url,
        });
        return;
      } catch (error) {
        if (isAbort(error)) return; // the user closed the share sheet
        // Any other refusal: fall back to copying the link.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "The link to this scrap yard is on your clipboard." });
    } catch {
      toast({ variant: "destructive", title: "Could not copy the link", description: url });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden="true" className="h-4 w-4" />
      Share
    </Button>
  );
}
