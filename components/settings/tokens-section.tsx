"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/client/auth";
import { formatDateTime } from "@/lib/format/date";
import { useCreateToken, useRevokeToken, useTokens, type AccessToken, type NewAccessToken, type TokenScope } from "@/lib/client/tokens";
import { TextField } from "../auth/text-field";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AnchoredSection } from "./anchored-section";
import { CopyButton } from "./copy-button";

const SCOPE_LABELS: Record<TokenScope, string> = { read: "Read only", write: "Read and write" };

/**
 * Settings' access tokens (docs/contract.md 7.6): keys for other programs to use the API as the reader. A new
 * token is shown once, right here; only its fingerprint is kept, so it cannot be shown again.
 */
export function TokensSection() {
  const { data: user } = useCurrentUser();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<TokenScope>("read");
  const [made, setMade] = useState<NewAccessToken | null>(null);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMade(null);
    setNotice(null);
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (token) => {
          setName("");
          setMade(token);
        },
      },
    );
  };

  const onRevoke = (token: AccessToken) => {
    if (!window.confirm(`Revoke "${token.name}"? Programs using it lose access at once.`)) return;
    setNotice(null);
    if (made?.id === token.id) setMade(null);
    revoke.mutate(token.id, {
      onSuccess: () => setNotice({ tone: "success", text: `Revoked ${token.name}.` }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to revoke the token.") }),
    });
  };

  return (
    <AnchoredSection id="tokens" title="Access tokens" ready={Boolean(user) && !tokens.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Let another program use Paperboy as you: it sends the token as <code className="font-mono text-xs">Authorization: Bearer</code>. A
        read-only token can look but not change anything. Revoke a token you no longer use.
      </p>

      <form onSubmit={submit} className="mt-4 space-y-3" aria-label="New access token">
        <TextField
          id="new-token-name"
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          placeholder="My reader app"
          autoComplete="off"
        />
        <div className="space-y-1.5">
          <label htmlFor="new-token-scope" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Access
          </label>
          <select
            id="new-token-scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as TokenScope)}
            className={inputClass}
          >
            {(Object.keys(SCOPE_LABELS) as TokenScope[]).map((value) => (
              <option key={value} value={value}>
                {SCOPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={create.isPending || name.trim() === ""} className={buttonClass("primary")}>
          {create.isPending ? "Making the token..." : "New token"}
        </button>
        {create.isError && <Alert className="wrap-anywhere">{errorMessage(create.error, "Failed to make the token.")}</Alert>}
      </form>

      {made && (
        <div
          role="status"
          className="mt-4 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
        >
          <p className="text-sm font-medium text-amber-900 dark:text-amber-100">
            Copy the token for {made.name} now: it will not be shown again.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <code
              data-testid="new-token"
              className="min-w-0 flex-1 break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
            >
              {made.token}
            </code>
            <CopyButton text={made.token} what="the new access token" />
          </div>
          <button type="button" onClick={() => setMade(null)} className={buttonClass("secondary")}>
            Done
          </button>
        </div>
      )}
      {notice && (
        <Alert tone={notice.tone} className="mt-3 wrap-anywhere">
          {notice.text}
        </Alert>
      )}

      {tokens.isPending && <Spinner label="Loading access tokens..." className="py-6" />}
      {tokens.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(tokens.error, "Failed to load your access tokens")}</Alert>
          <button type="button" onClick={() => void tokens.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {tokens.data && tokens.data.length === 0 && (
        <p className="mt-5 text-sm text-slate-500 dark:text-slate-400">You have no access tokens.</p>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <ul
          aria-label="Your access tokens"
          className="mt-5 divide-y divide-slate-100 border-t border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        >
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium wrap-anywhere text-slate-900 dark:text-slate-100">{token.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {SCOPE_LABELS[token.scope]} · Created {formatDateTime(token.created_at)} ·{" "}
                  {token.last_used_at ? `Last used ${formatDateTime(token.last_used_at)}` : "Never used"}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onRevoke(token)}
                disabled={revoke.isPending}
                aria-label={`Revoke ${token.name}`}
                className={buttonClass("danger")}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </AnchoredSection>
  );
}
