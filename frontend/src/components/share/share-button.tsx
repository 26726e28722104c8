import { Share2 } from "lucide-react";
import { useToast } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { trackEvent, type UsageEvent } from "@/lib/analytics";

type Props = {
  /** What the share sheet says about the page. */
  title: string;
  text: string;
  /** The toast's words once the link is on the clipboard ("The article's link is …"). */
  copied: string;
  event: Omit<UsageEvent, "action">;
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** The native share sheet where there is one; otherwise the page's address goes to the clipboard. */
export function ShareButton({ title, text, copied, event }: Props) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    trackEvent({ action: "share", ...event });
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (isAbort(error)) return; // the person closed the share sheet
        // Any other refusal: fall back to copying the link.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: copied });
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
