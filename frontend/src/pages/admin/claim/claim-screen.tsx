import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { errorMessage, isStatus, unwrap } from "@/api/client";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { authApi } from "../api/client";
import { startSession } from "../api/session";
import type { YardClaimPublic } from "../api/types";
import { Loading } from "../ui/states";

/** The server's rule (auth/passwords.py): checked here too, to say it before sending. */
export const MIN_PASSWORD_LENGTH = 12;

const readClaim = (token: string) => unwrap(authApi.GET("/api/yard-claims/{token}", { params: { path: { token } } }));
const confirmClaim = (token: string, password: string) =>
  unwrap(authApi.POST("/api/yard-claims/{token}/confirm", { params: { path: { token } }, body: { password } }));

/**
 * /admin/claim?token=…, the link of a claim's mail (outside the login gate): shows the yard, sets
 * the new owner account's password (or asks the existing account's), then logs in and lands on
 * the yard's posting screen.
 */
export function ClaimScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const claim = useQuery({
    // Not under the console's key: logging in drops those, and this link is spent by then.
    queryKey: ["/api/yard-claims", token],
    queryFn: () => readClaim(token),
    enabled: token !== "",
    retry: false,
  });
  const [landed, setLanded] = useState<number | null>(null);
  if (landed !== null) return <Navigate replace to={`/admin/my-yard/${landed}`} />;

  let body: ReactNode;
  if (!token) body = <Dead title="This link is not complete">Open the link from the e-mail as it is.</Dead>;
  else if (claim.isPending) body = <Loading label="Checking your link…" />;
  else if (claim.isError)
    body = (
      <Dead title={isStatus(claim.error, 410) ? "This link can no longer be used" : "This link does not work"}>
        {errorMessage(claim.error)} You can ask for a new one on your yard&apos;s page: &quot;Is this your yard?&quot;.
      </Dead>
    );
  else body = <SetPassword token={token} claim={claim.data} onDone={setLanded} />;

  return <div className="mx-auto max-w-md space-y-4 py-8">{body}</div>;
}

function Dead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p role="alert" className="text-slate-700">
        {children}
      </p>
      <Link to="/admin/login" className="text-brand-700 underline">
        Log in
      </Link>
    </div>
  );
}

function SetPassword({
  token,
  claim,
  onDone,
}: {
  token: string;
  claim: YardClaimPublic;
  onDone: (yardId: number) => void;
}) {
  const client = useQueryClient();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "again"; text: string } | null>(null);
  const confirm = useMutation({
    mutationFn: () => confirmClaim(token, password),
    onSuccess: (session) => {
      startSession(client, session);
      onDone(claim.yard.id);
    },
  });
  const existing = claim.hasAccount;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = !password
      ? { field: "password" as const, text: "Please enter a password." }
      : !existing && password.length < MIN_PASSWORD_LENGTH
        ? { field: "password" as const, text: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.` }
        : !existing && password !== again
          ? { field: "again" as const, text: "The two passwords are not the same." }
          : null;
    setProblem(found);
    if (found) document.getElementById(`claim-${found.field}`)?.focus();
    else confirm.mutate();
  };

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Claim {claim.yard.name}</h1>
      <dl className="space-y-1 text-sm text-slate-800">
        <div>
          <dt className="inline font-medium">Yard: </dt>
          <dd className="inline">
            {claim.yard.name}, {claim.yard.address}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Your login: </dt>
          <dd className="inline">{claim.email}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        {existing
          ? `You already have an owner account with ${claim.email}. Enter its password to add ${claim.yard.name} to it.`
          : `Choose a password for your owner account (at least ${MIN_PASSWORD_LENGTH} characters). You then post ${claim.yard.name}'s prices from here.`}
      </p>
      <form noValidate onSubmit={submit} aria-label="Set your password" className="space-y-4">
        {/* For password managers: the account these credentials belong to. */}
        <input type="email" name="username" autoComplete="username" value={claim.email} readOnly hidden />
        <FormField
          id="claim-password"
          label={existing ? "Your password" : "New password"}
          required
          error={problem?.field === "password" ? problem.text : undefined}
        >
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete={existing ? "current-password" : "new-password"}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        {!existing && (
          <FormField
            id="claim-again"
            label="New password again"
            required
            error={problem?.field === "again" ? problem.text : undefined}
          >
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                value={again}
                onChange={(event) => setAgain(event.target.value)}
              />
            )}
          </FormField>
        )}
        <div role="alert">
          {confirm.error && <p className="text-sm font-medium text-red-700">{errorMessage(confirm.error)}</p>}
        </div>
        <Button type="submit" aria-disabled={confirm.isPending || undefined} className="w-full">
          {confirm.isPending ? "Claiming…" : existing ? "Add this yard and log in" : "Set password and log in"}
        </Button>
      </form>
    </>
  );
}
