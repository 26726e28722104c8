import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { formatMoment } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import type { AdminYardClaim, ClaimStatus } from "../api/types";
import { approveClaim, refuseClaim } from "../api/yard-owner-actions";
import { Announcement, useAnnouncer } from "../ui/announcer";
import { Fact } from "../ui/fact";
import { ListPager, usePageParam } from "../ui/paging";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";
import { StatusLinks, type StatusOption, useStatusParam } from "../ui/status-links";

const STATUSES: readonly [StatusOption<ClaimStatus>, ...StatusOption<ClaimStatus>[]] = [
  { status: "pending", label: "Waiting" },
  { status: "approved", label: "Link sent" },
  { status: "confirmed", label: "Confirmed" },
  { status: "refused", label: "Refused" },
  { status: "expired", label: "Expired" },
  { status: "replaced", label: "Replaced" },
];
const ROUTES: Record<AdminYardClaim["route"], string> = {
  "listing-email": "Link mailed to the listing's e-mail",
  operators: "Asked our team",
  added: "Added by an operator",
};

/** Claims of yards' listings: the ones that came to the team to decide, and every claim's fate. */
export function YardClaimsScreen() {
  const status = useStatusParam(STATUSES);
  const [page, setPage] = usePageParam();
  const claims = useQuery(useConsoleQueries().yardClaims({ status, page, limit: PAGE_SIZE }));
  const heading = useRef<HTMLHeadingElement>(null);
  const [announced, announce] = useAnnouncer();
  const onDecided = (text: string) => {
    announce(text);
    heading.current?.focus(); // the card and its buttons are gone from the Waiting list
  };
  return (
    <div>
      <ScreenHeading
        headingRef={heading}
        hint="Approve: the claimant is mailed a link to set a password and owns the yard once they do. Refuse: they are mailed your reason."
      >
        Yard claims
      </ScreenHeading>
      <StatusLinks label="Yard claims by status" options={STATUSES} current={status} />
      <Announcement announced={announced} />
      <ConsoleState query={claims} isEmpty={(found) => found.data.length === 0}>
        {(found) => (
          <>
            <ul className="space-y-4">
              {found.data.map((claim) => (
                <li key={claim.id}>
                  <ClaimCard claim={claim} onDecided={onDecided} />
                </li>
              ))}
            </ul>
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

function ClaimCard({ claim, onDecided }: { claim: AdminYardClaim; onDecided: (text: string) => void }) {
  const { yard } = claim;
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={yardPath(yard)} className="underline hover:text-brand-700">
            {yard.name}
          </Link>{" "}
          <span className="text-base font-normal text-slate-600">in {yard.cityName}</span>
        </h2>
        <span className="text-sm text-slate-600">Received {formatMoment(claim.createdAt)}</span>
      </header>
      <dl className="grid gap-1 text-sm">
        <Fact term="Claimant">
          {claim.name} ({claim.email})
        </Fact>
        <Fact term="How">{ROUTES[claim.route]}</Fact>
        <Fact term="Listing's e-mail">{yard.email ?? "none"}</Fact>
        <Fact term="Address">{yard.address}</Fact>
        <Fact term="Owners now">{yard.owners}</Fact>
        <Fact term="Sender">
          <span className="font-mono">{claim.sender}</span>
        </Fact>
        {claim.expiresAt && <Fact term="Link expires">{formatMoment(claim.expiresAt)}</Fact>}
      </dl>
      {claim.evidence && (
        <div className="rounded-md bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-800">Evidence</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-900">{claim.evidence}</p>
        </div>
      )}
      {claim.decidedAt && (
        <p className="text-sm text-slate-700">
          Decided{claim.decidedBy ? ` by ${claim.decidedBy}` : ""} on {formatMoment(claim.decidedAt)}
          {claim.reason ? `: ${claim.reason}` : ""}
        </p>
      )}
      {(claim.status === "pending" || claim.status === "approved") && (
        <ClaimDecision claim={claim} onDecided={onDecided} />
      )}
    </article>
  );
}

function ClaimDecision({ claim, onDecided }: { claim: AdminYardClaim; onDecided: (text: string) => void }) {
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [missingReason, setMissingReason] = useState(false);
  const decide = useConsoleAction((api, { verdict, reason }: { verdict: "approve" | "refuse"; reason: string }) =>
    verdict === "approve" ? approveClaim(api, claim.id) : refuseClaim(api, { id: claim.id, reason }),
  );
  const subject = `${claim.name}'s claim of ${claim.yard.name}`;
  // Only the team's own queue is approved here; a link already mailed may still be withdrawn.
  const approvable = claim.status === "pending" && claim.route === "operators";
  const send = (verdict: "approve" | "refuse") => {
    if (decide.isPending) return;
    const reason = reasonRef.current?.value.trim() ?? "";
    const missing = verdict === "refuse" && !reason;
    setMissingReason(missing);
    if (missing) {
      reasonRef.current?.focus();
      return;
    }
    // mutateAsync: the card is gone by the time the answer is in, and mutate's callbacks with it.
    decide.mutateAsync({ verdict, reason }).then(
      () => onDecided(verdict === "approve" ? `Approved: ${subject}; a link is mailed.` : `Refused: ${subject}.`),
      () => undefined, // shown below (decide.error)
    );
  };
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Decide on {subject}</legend>
      {!approvable && (
        <p className="text-sm text-slate-700">
          The link is in the claimant&apos;s hands; refusing stops it working and mails them your reason.
        </p>
      )}
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
        Reason <span className="font-normal text-slate-600">(required to refuse; mailed to the claimant)</span>
      </label>
      <textarea
        id={`${id}-reason`}
        ref={reasonRef}
        rows={2}
        maxLength={500}
        aria-invalid={missingReason || undefined}
        aria-describedby={missingReason ? `${id}-missing` : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      {missingReason && (
        <p id={`${id}-missing`} role="alert" className="text-sm font-medium text-red-700">
          Give a reason to refuse.
        </p>
      )}
      <ActionError error={decide.error} />
      <div className="flex gap-2">
        {approvable && (
          <Button size="sm" aria-disabled={decide.isPending || undefined} onClick={() => send("approve")}>
            Approve
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          aria-disabled={decide.isPending || undefined}
          onClick={() => send("refuse")}
        >
          Refuse
        </Button>
      </div>
    </fieldset>
  );
}
