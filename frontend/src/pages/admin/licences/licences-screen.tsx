import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoment } from "@/lib/format";
import { yardPath } from "@/lib/paths";
import { PAGE_SIZE, useConsoleAction, useConsoleQueries } from "../api/queries";
import { Announcement, useAnnouncer } from "../ui/announcer";
import { Fact } from "../ui/fact";
import { ListPager, usePageParam } from "../ui/paging";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";
import { StatusLinks, type StatusOption, useStatusParam } from "../ui/status-links";
import { type AdminYardLicence, confirmLicence, type LicenceStatus, rejectLicence } from "./licence-actions";

const STATUSES: readonly [StatusOption<LicenceStatus>, ...StatusOption<LicenceStatus>[]] = [
  { status: "proposed", label: "Proposed" },
  { status: "confirmed", label: "Confirmed" },
  { status: "rejected", label: "Rejected" },
  { status: "unmatched", label: "No yard" },
  { status: "removed", label: "Left the register" },
];

/** Entries of a dealers' register matched to our yards: confirm one and the yard shows "Licensed". */
export function LicencesScreen() {
  const status = useStatusParam(STATUSES);
  const [page, setPage] = usePageParam();
  const licences = useQuery(useConsoleQueries().yardLicences({ status, page, limit: PAGE_SIZE }));
  const heading = useRef<HTMLHeadingElement>(null);
  const [announced, announce] = useAnnouncer();
  const onDecided = (text: string) => {
    announce(text);
    heading.current?.focus(); // the card is gone from the list it was in
  };
  return (
    <div>
      <ScreenHeading
        headingRef={heading}
        hint="Confirm only when the register entry is this yard: its page then shows “Licensed” with the register number, linking to the register. A later read of the register keeps your decision unless the entry changes."
      >
        Licence matches
      </ScreenHeading>
      <StatusLinks label="Licence matches by status" options={STATUSES} current={status} />
      <Announcement announced={announced} />
      <ConsoleState query={licences} isEmpty={(found) => found.data.length === 0}>
        {(found) => (
          <>
            <ul className="space-y-4">
              {found.data.map((licence) => (
                <li key={licence.id}>
                  <LicenceCard licence={licence} onDecided={onDecided} />
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

function LicenceCard({ licence, onDecided }: { licence: AdminYardLicence; onDecided: (text: string) => void }) {
  const { yard } = licence;
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{licence.holderName}</h2>
        {licence.score !== null && (
          <span className="text-sm font-medium text-slate-700">Score {licence.score.toFixed(2)}</span>
        )}
      </header>
      <dl className="grid gap-1 text-sm">
        <Fact term="Register no.">
          {licence.registerUrl ? (
            <a href={licence.registerUrl} rel="external noreferrer" target="_blank" className="underline">
              {licence.registerNo}
            </a>
          ) : (
            licence.registerNo
          )}
        </Fact>
        <Fact term="Licence">
          {licence.licenceType === "collector"
            ? "Mobile collector (not a yard)"
            : licence.licenceType === "site"
              ? "Site"
              : "Not stated"}
        </Fact>
        <Fact term="Site">{licence.siteAddress ?? "none given"}</Fact>
        {licence.localAuthority && <Fact term="Council">{licence.localAuthority}</Fact>}
        <Fact term="Expires">{licence.expiresOn ? formatDate(licence.expiresOn) : "not stated"}</Fact>
        <Fact term="Register read">{formatDate(licence.checkedOn)}</Fact>
        <Fact term="Our yard">
          {yard ? (
            <>
              <Link to={yardPath(yard)} className="underline hover:text-brand-700">
                {yard.name}
              </Link>
              , {yard.address}
            </>
          ) : (
            "none proposed"
          )}
        </Fact>
      </dl>
      {licence.reasons.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-800">Why</p>
          <ul className="list-disc pl-5 text-slate-900">
            {licence.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      {licence.decidedAt && (
        <p className="text-sm text-slate-700">
          {licence.status === "confirmed" ? "Confirmed" : "Decided"}
          {licence.decidedBy ? ` by ${licence.decidedBy}` : ""} on {formatMoment(licence.decidedAt)}
        </p>
      )}
      {yard && licence.licenceType === "site" && ["proposed", "confirmed", "rejected"].includes(licence.status) && (
        <LicenceDecision licence={licence} onDecided={onDecided} />
      )}
    </article>
  );
}

function LicenceDecision({ licence, onDecided }: { licence: AdminYardLicence; onDecided: (text: string) => void }) {
  const decide = useConsoleAction((api, verdict: "confirm" | "reject") =>
    verdict === "confirm" ? confirmLicence(api, licence.id) : rejectLicence(api, licence.id),
  );
  const subject = `register no. ${licence.registerNo} as ${licence.yard?.name}`;
  const send = (verdict: "confirm" | "reject") => {
    if (decide.isPending) return;
    decide.mutateAsync(verdict).then(
      () => onDecided(verdict === "confirm" ? `Confirmed ${subject}.` : `Rejected ${subject}.`),
      () => undefined, // shown below (decide.error)
    );
  };
  return (
    <div className="space-y-2">
      <ActionError error={decide.error} />
      <div className="flex gap-2">
        {licence.status !== "confirmed" && (
          <Button size="sm" aria-disabled={decide.isPending || undefined} onClick={() => send("confirm")}>
            Confirm
          </Button>
        )}
        {licence.status !== "rejected" && (
          <Button
            size="sm"
            variant="outline"
            aria-disabled={decide.isPending || undefined}
            onClick={() => send("reject")}
          >
            Reject
          </Button>
        )}
      </div>
    </div>
  );
}
