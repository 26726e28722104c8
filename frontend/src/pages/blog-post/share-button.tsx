import { Share2 } from "lucide-react";
import { useToast } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { trackEvent } from "@/lib/analytics";

/** The native share sheet where there is one; otherwise the address goes to the clipboard. */
export function ShareButton({ title, text, slug }: { title: string; text: string; slug: string }) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    trackEvent({ action: "share", category: "blog", label: slug });
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
      } catch {
        // Closing the share sheet is not an error worth reporting.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "The article's link is on your clipboard." });
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
