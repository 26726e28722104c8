import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { errorMessage, unwrap } from "@/api/client";
import { Button } from "@/components/ui/button";
import { authApi } from "../api/client";
import { meQuery, sessionNotice, startSession } from "../api/session";
import { Loading } from "../ui/states";

type Credentials = { email: string; password: string };
const FIELD =
  "block w-full rounded-md border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-700";

/** Where the operator was going before the console sent them here. */
function useReturnPath(): string {
  const state = useLocation().state as { from?: string } | null;
  return state?.from?.startsWith("/admin") ? state.from : "/admin";
}

export function LoginScreen() {
  const client = useQueryClient();
  const returnTo = useReturnPath();
  const me = useQuery(meQuery());
  const [notice] = useState(() => sessionNotice(client));
  const login = useMutation({
    mutationFn: (credentials: Credentials) => unwrap(authApi.POST("/api/auth/login", { body: credentials })),
    onSuccess: (session) => startSession(client, session), // `me` is set: on to the console
  });

  if (me.isPending) return <Loading label="Checking your session…" />;
  if (me.data) return <Navigate replace to={returnTo} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({ email: String(form.get("email")), password: String(form.get("password")) });
  };

  return (
    <div className="mx-auto max-w-sm space-y-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Operator login</h1>
      <p className="text-sm text-slate-600">Yard owners log in here too, with the e-mail address of their claim.</p>
      {notice && !login.error && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <form onSubmit={submit} className="space-y-4" aria-describedby={login.error ? "login-error" : undefined}>
        <div className="space-y-1">
          <label htmlFor="login-email" className="block text-sm font-medium text-slate-800">
            E-mail
          </label>
          <input id="login-email" name="email" type="email" autoComplete="username" required className={FIELD} />
        </div>
        <div className="space-y-1">
          <label htmlFor="login-password" className="block text-sm font-medium text-slate-800">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={FIELD}
          />
        </div>
        {login.error && (
          <p id="login-error" role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(login.error)}
          </p>
        )}
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? "Logging in…" : "Log in"}
        </Button>
      </form>
    </div>
  );
}
