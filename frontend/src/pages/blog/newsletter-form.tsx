import { useMutation } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { ApiError, api, errorMessage, type Schemas, unwrap } from "@/api/client";
import { useToast } from "@/components/feedback/toaster";
import { HoneypotField } from "@/components/forms/honeypot-field";
import { Button } from "@/components/ui/button";
import { trackEvent } from "@/lib/analytics";
import { isEmail } from "@/lib/email";

type Subscription = Schemas["SubscriptionCreate"];

function useSubscribe(onDone: () => void) {
  const toast = useToast();
  return useMutation({
    mutationFn: (body: Subscription) => unwrap(api.POST("/api/newsletter", { body })),
    onSuccess: (answer) => {
      trackEvent({ action: "newsletter_subscribe", category: "blog" });
      const already = answer.message.startsWith("You're already subscribed");
      toast({
        title: already ? "Already subscribed" : "Check your inbox",
        description: answer.message,
      });
      onDone();
    },
    onError: (error) => {
      const limited = error instanceof ApiError && error.status === 429;
      toast({
        variant: "destructive",
        title: "Error",
        description: limited ? errorMessage(error) : "Failed to subscribe. Please try again.",
      });
    },
  });
}

/** DESIGN §6: "Stay Updated" has a working form, posting to /api/newsletter. */
export function NewsletterCard() {
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const subscribe = useSubscribe(() => {
    setEmail("");
    setError(null);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    const problem = !email.trim()
      ? "Please enter your email address."
      : isEmail(email)
        ? null
        : "Please enter a valid email address, for example name@example.com.";
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    subscribe.mutate({ email: email.trim(), website });
  };

  return (
    <section
      aria-labelledby="newsletter-title"
      className="grid gap-6 rounded-lg bg-brand-800 p-6 text-white shadow-sm sm:p-8 md:grid-cols-2 md:items-center"
    >
      <div>
        <h2 id="newsletter-title" className="flex items-center gap-2 text-2xl font-bold">
          <Mail aria-hidden="true" className="h-6 w-6" />
          Stay Updated
        </h2>
        {/* DESIGN §6: promise only what is sent. No newsletter goes out yet: a sign-up gets the
            mail that confirms the address (mail/newsletter.py), nothing else. */}
        <p className="mt-2 leading-7 text-brand-50">
          Join the ScrapIndex newsletter list. No newsletter is being sent yet: for now you get one email, to confirm
          your address, and you can unsubscribe at any time.
        </p>
        <p className="mt-2 leading-7 text-brand-50">For prices by email, set a price alert on any city's page.</p>
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Newsletter sign-up" className="relative space-y-2">
        <label htmlFor="newsletter-email" className="block text-sm font-medium">
          Email address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id="newsletter-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "newsletter-email-error" : undefined}
            className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          />
          <Button type="submit" variant="secondary" disabled={subscribe.isPending} className="h-11 shrink-0">
            {subscribe.isPending ? "Subscribing..." : "Subscribe"}
          </Button>
        </div>
        {error && (
          <p id="newsletter-email-error" className="rounded bg-white px-2 py-1 text-sm text-red-800">
            {error}
          </p>
        )}
        <HoneypotField id="newsletter-website" value={website} onChange={setWebsite} />
      </form>
    </section>
  );
}
