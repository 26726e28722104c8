import { useQuery } from "@tanstack/react-query";
import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { emailProblem } from "@/components/forms/checks";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { formatCount, formatMoment } from "@/lib/format";
import { PAGE_SIZE, useConsoleAction } from "../api/queries";
import { useConsoleApi } from "../api/session";
import { ListPager, usePageParam } from "../ui/paging";
import { ActionError, ConsoleState, ScreenHeading } from "../ui/states";
import {
  type AdminApiKey,
  type ApiKeyCreated,
  apiKeysQuery,
  apiKeyUsageQuery,
  createApiKey,
  revokeApiKey,
  rotateApiKey,
} from "./api-key-actions";

const CELL = "px-1.5 py-2 align-top sm:px-3";

/** The API's keys: make one (its secret shown once), rotate or revoke one, and see its use per day. */
export function ApiKeysScreen() {
  const api = useConsoleApi();
  const [page, setPage] = usePageParam();
  const [shown, setShown] = useState<ApiKeyCreated | null>(null);
  const keys = useQuery(apiKeysQuery(api, { page, limit: PAGE_SIZE }));
  return (
    <div className="space-y-6">
      <ScreenHeading hint="Only a hash of each key is kept: a key is shown once, when it is made or rotated. Changes are in the audit log.">
        API keys
      </ScreenHeading>
      {shown && <NewSecret made={shown} onDone={() => setShown(null)} />}
      <CreateKey onCreated={setShown} />
      <ConsoleState query={keys} isEmpty={(found) => found.data.length === 0} empty="No API keys yet.">
        {(found) => (
          <>
            <KeyTable rows={found.data} onRotated={setShown} />
            <ListPager pagination={found.pagination} onPageChange={setPage} />
          </>
        )}
      </ConsoleState>
    </div>
  );
}

/** The secret, once: with a copy button, until the operator says it is copied. */
function NewSecret({ made, onDone }: { made: ApiKeyCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(made.secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section aria-label="New API key" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-slate-900">
        Key for {made.key.name} ({made.key.prefix})
      </p>
      <p className="text-sm text-slate-700">{made.message}</p>
      <code className="block break-all rounded bg-white p-2 text-sm">{made.secret}</code>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy key
        </Button>
        <p role="status" className="text-sm text-green-800">
          {copied ? "Copied." : ""}
        </p>
        <Button size="sm" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}

function CreateKey({ onCreated }: { onCreated: (made: ApiKeyCreated) => void }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [perDay, setPerDay] = useState("");
  const [perMinute, setPerMinute] = useState("");
  const [problems, setProblems] = useState<{ name?: string; email?: string; perDay?: string; perMinute?: string }>({});
  const create = useConsoleAction(createApiKey);
  const quota = (text: string) => {
    if (!text.trim()) return { value: null, problem: undefined };
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= 10_000_000
      ? { value, problem: undefined }
      : { value: null, problem: "A whole number from 1 to 10,000,000, or empty for the default." };
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const day = quota(perDay);
    const minute = quota(perMinute);
    const found = {
      name: name.trim() ? undefined : "Say who the key is for.",
      email: email.trim() ? emailProblem(email) : undefined,
      perDay: day.problem,
      perMinute: minute.problem,
    };
    setProblems(found);
    const first = (["name", "email", "perDay", "perMinute"] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`api-key-${first}`)?.focus();
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        contactEmail: email.trim() || null,
        quotaPerDay: day.value,
        quotaPerMinute: minute.value,
      },
      {
        onSuccess: (made) => {
          setName("");
          setEmail("");
          setPerDay("");
          setPerMinute("");
          onCreated(made);
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Make an API key"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">Make an API key</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="api-key-name" label="For (client's name)" required error={problems.name}>
          {(props) => (
            <input {...props} maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </FormField>
        <FormField id="api-key-email" label="Client's e-mail" error={problems.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="api-key-perDay"
          label="Requests per day"
          hint="Empty: the site's default"
          error={problems.perDay}
        >
          {(props) => (
            <input {...props} inputMode="numeric" value={perDay} onChange={(event) => setPerDay(event.target.value)} />
          )}
        </FormField>
        <FormField
          id="api-key-perMinute"
          label="Requests per minute"
          hint="Empty: the site's default"
          error={problems.perMinute}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={perMinute}
              onChange={(event) => setPerMinute(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <ActionError error={create.error} />
      <Button type="submit" size="sm" aria-disabled={create.isPending || undefined}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        Make key
      </Button>
    </form>
  );
}

function KeyTable({ rows, onRotated }: { rows: AdminApiKey[]; onRotated: (made: ApiKeyCreated) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">API keys</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={CELL}>
              Key
            </th>
            <th scope="col" className={CELL}>
              Quota
            </th>
            <th scope="col" className={CELL}>
              Today
            </th>
            <th scope="col" className={CELL}>
              Last used
            </th>
            <th scope="col" className={CELL}>
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRotated={onRotated} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyRow({ apiKey, onRotated }: { apiKey: AdminApiKey; onRotated: (made: ApiKeyCreated) => void }) {
  const [showUsage, setShowUsage] = useState(false);
  const rotate = useConsoleAction(rotateApiKey);
  const revoke = useConsoleAction(revokeApiKey);
  const live = apiKey.revokedAt === null;
  const subject = `${apiKey.name}'s key ${apiKey.prefix}`;
  const onRotate = () => {
    if (window.confirm(`Rotate ${subject}? It stops working now; a new key is shown once.`))
      rotate.mutate(apiKey.id, { onSuccess: onRotated });
  };
  const onRevoke = () => {
    if (window.confirm(`Revoke ${subject}? Its requests are refused from now on.`)) revoke.mutate(apiKey.id);
  };
  return (
    <>
      <tr className="border-b border-slate-100">
        <td className={CELL}>
          <span className="font-medium">{apiKey.name}</span>
          <code className="block text-xs text-slate-600">{apiKey.prefix}…</code>
          {apiKey.contactEmail && <span className="block break-all text-xs text-slate-600">{apiKey.contactEmail}</span>}
        </td>
        <td className={CELL}>
          {formatCount(apiKey.quotaPerDay)}/day
          <span className="block text-xs text-slate-600">{formatCount(apiKey.quotaPerMinute)}/minute</span>
        </td>
        <td className={CELL}>{formatCount(apiKey.requestsToday)}</td>
        <td className={CELL}>{apiKey.lastUsedAt ? formatMoment(apiKey.lastUsedAt) : "Never"}</td>
        <td className={`${CELL} space-y-1`}>
          <p>{live ? "Live" : `Revoked ${formatMoment(apiKey.revokedAt)}`}</p>
          <div className="flex flex-wrap gap-1">
            <Button
              size="sm"
              variant="outline"
              aria-expanded={showUsage}
              aria-label={`Use per day of ${subject}`}
              onClick={() => setShowUsage(!showUsage)}
            >
              Use per day
            </Button>
            {live && (
              <>
                <Button size="sm" variant="outline" aria-label={`Rotate ${subject}`} onClick={onRotate}>
                  Rotate
                </Button>
                <Button size="sm" variant="outline" aria-label={`Revoke ${subject}`} onClick={onRevoke}>
                  Revoke
                </Button>
              </>
            )}
          </div>
          <ActionError error={rotate.error ?? revoke.error} />
        </td>
      </tr>
      {showUsage && (
        <tr>
          <td colSpan={5} className={CELL}>
            <KeyUsage apiKey={apiKey} />
          </td>
        </tr>
      )}
    </>
  );
}

function KeyUsage({ apiKey }: { apiKey: AdminApiKey }) {
  const api = useConsoleApi();
  const usage = useQuery(apiKeyUsageQuery(api, apiKey.id));
  return (
    <ConsoleState query={usage} isEmpty={(found) => found.days.length === 0} empty="No requests in the last 30 days.">
      {(found) => (
        <table className="text-sm">
          <caption className="text-left font-medium">Requests per UTC day, last 30 days ({apiKey.prefix})</caption>
          <thead>
            <tr>
              <th scope="col" className={CELL}>
                Day
              </th>
              <th scope="col" className={CELL}>
                Answered
              </th>
              <th scope="col" className={CELL}>
                Refused (quota)
              </th>
            </tr>
          </thead>
          <tbody>
            {found.days.map((day) => (
              <tr key={day.date}>
                <td className={CELL}>{day.date}</td>
                <td className={CELL}>{formatCount(day.requests)}</td>
                <td className={CELL}>{formatCount(day.refused)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ConsoleState>
  );
}
