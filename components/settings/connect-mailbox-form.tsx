"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { issuesInOrder } from "@/lib/api/issues";
import { useConnectMailbox, type AfterFiling, type Mailbox, type MailboxTls, type NewMailbox } from "@/lib/client/mailboxes";
import { DEFAULT_PORTS, findPreset, MAILBOX_PRESETS, TLS_LABELS, type MailboxPresetId, type PasswordPreset } from "@/lib/mailboxes/presets";
import { CreateMailboxInput } from "@/lib/mailboxes/schemas";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";

const IMPORT_DAYS = 90;
const labelClass = "block text-sm font-medium text-slate-700 dark:text-slate-200";
const hintClass = "text-xs text-slate-600 dark:text-slate-400";

/** The reader's own calendar date `days` ago, as a date field writes it (yyyy-mm-dd). */
function localDate(daysAgo: number): string {
  const date = new Date();
  date.setDate(date.getDate() - daysAgo);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
    </div>
  );
}

function PresetPicker({ value, onChange }: { value: MailboxPresetId; onChange: (id: MailboxPresetId) => void }) {
  return (
    <fieldset>
      <legend className={labelClass}>Provider</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {MAILBOX_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            aria-pressed={value === preset.id}
            onClick={() => onChange(preset.id)}
            className={buttonClass(value === preset.id ? "primary" : "secondary", "h-full px-3 text-center")}
          >
            {preset.name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function AppPasswordSteps({ preset }: { preset: PasswordPreset }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      <p>
        Paperboy signs in to {preset.host} with an <strong>app password</strong>, a separate password you can revoke at any time.{" "}
        <a
          href={preset.appPasswordUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
        >
          Make one for {preset.name}
        </a>
      </p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {preset.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

/** What the form asks the server for, checked or not. */
export function mailboxBody(form: FormState, preset: ReturnType<typeof findPreset>): NewMailbox {
  const server =
    "host" in preset
      ? { host: preset.host, port: preset.port, tls: preset.tls }
      : { host: form.host.trim(), port: form.port.trim() === "" ? Number.NaN : Number(form.port), tls: form.tls };
  const folders = form.folders
    .split(",")
    .map((folder) => folder.trim())
    .filter(Boolean);
  return {
    ...server,
    username: form.username.trim(),
    password: form.password,
    folders: folders.length > 0 ? folders : ["INBOX"],
    since: form.since,
    after_filing: form.afterFiling,
    ...(form.afterFiling === "move" ? { move_to: form.moveTo.trim() } : {}),
  };
}

/**
 * What the reader can fix before the form asks, or null. The rules and their words are the route's own
 * (CreateMailboxInput, the first issue as its 422's detail), so the form never refuses what the server
 * takes, or in other words.
 */
export function mailboxProblem(form: FormState, preset: ReturnType<typeof findPreset>): string | null {
  // As the route reads it: JSON has no NaN, so a port that is no number arrives as null.
  const sent: unknown = JSON.parse(JSON.stringify(mailboxBody(form, preset)));
  const checked = CreateMailboxInput.safeParse(sent);
  return checked.success ? null : issuesInOrder(checked.error, sent)[0].message;
}

export type FormState = {
  host: string;
  port: string;
  tls: MailboxTls;
  username: string;
  password: string;
  folders: string;
  since: string;
  afterFiling: AfterFiling;
  moveTo: string;
};

/**
 * Connects a mailbox: a provider's preset fills in its server, the reader gives the login. The server
 * tries the login before it keeps anything, so a failure says why and leaves nothing behind.
 */
export function ConnectMailboxForm({ onConnected }: { onConnected: (mailbox: Mailbox) => void }) {
  const connect = useConnectMailbox();
  const [presetId, setPresetId] = useState<MailboxPresetId>("gmail");
  const [problem, setProblem] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>(() => ({
    host: "",
    port: String(DEFAULT_PORTS.implicit),
    tls: "implicit",
    username: "",
    password: "",
    folders: "INBOX",
    since: localDate(IMPORT_DAYS),
    afterFiling: "leave",
    moveTo: "",
  }));
  const preset = findPreset(presetId);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));

  const chooseTls = (tls: MailboxTls) =>
    // A port the reader left at the usual one follows the security they pick; one they typed stays.
    setForm((current) => ({
      ...current,
      tls,
      port: Object.values(DEFAULT_PORTS).map(String).includes(current.port) ? String(DEFAULT_PORTS[tls]) : current.port,
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    connect.reset();
    const found = mailboxProblem(form, preset);
    setProblem(found);
    if (found) return;
    connect.mutate(mailboxBody(form, preset), {
      onSuccess: (mailbox) => {
        set("password", "");
        onConnected(mailbox);
      },
    });
  };

  const shown = problem ?? (connect.isError ? errorMessage(connect.error, "Could not connect the mailbox. Try again.") : null);
  const isOther = preset.id === "other";

  return (
    <div className="space-y-4">
      {/* The picker stays one element whatever is chosen, so keyboard focus stays on it. */}
      <PresetPicker value={presetId} onChange={setPresetId} />
      {"oauthOnly" in preset ? (
        <div className="rounded-lg border border-slate-200 px-3 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          <p className="font-semibold text-slate-900 dark:text-white">{preset.name} cannot be connected yet</p>
          <p className="mt-1">{preset.explanation}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Connect a mailbox">
          {"appPasswordUrl" in preset && <AppPasswordSteps preset={preset} />}

          {isOther && (
            <div className="grid gap-3 sm:grid-cols-[1fr_7rem_9rem]">
              <Field id="mailbox-host" label="IMAP server">
                <input
                  id="mailbox-host"
                  value={form.host}
                  onChange={(event) => set("host", event.target.value)}
                  placeholder="imap.example.com"
                  autoComplete="off"
                  spellCheck={false}
                  className={inputClass}
                />
              </Field>
              <Field id="mailbox-port" label="Port">
                <input
                  id="mailbox-port"
                  value={form.port}
                  onChange={(event) => set("port", event.target.value)}
                  inputMode="numeric"
                  autoComplete="off"
                  className={inputClass}
                />
              </Field>
              <Field id="mailbox-tls" label="Security">
                <select
                  id="mailbox-tls"
                  value={form.tls}
                  onChange={(event) => chooseTls(event.target.value as MailboxTls)}
                  className={inputClass}
                >
                  {(Object.keys(TLS_LABELS) as MailboxTls[]).map((tls) => (
                    <option key={tls} value={tls}>
                      {TLS_LABELS[tls]}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          )}

          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="mailbox-username" label={isOther ? "Username" : "Email address"}>
              <input
                id="mailbox-username"
                value={form.username}
                onChange={(event) => set("username", event.target.value)}
                type={isOther ? "text" : "email"}
                autoComplete="off"
                spellCheck={false}
                className={inputClass}
              />
            </Field>
            <Field id="mailbox-password" label={isOther ? "Password" : "App password"}>
              <input
                id="mailbox-password"
                value={form.password}
                onChange={(event) => set("password", event.target.value)}
                type="password"
                autoComplete="new-password"
                className={inputClass}
              />
            </Field>
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="mailbox-folders" label="Folders" hint="Separate several with commas.">
              <input
                id="mailbox-folders"
                value={form.folders}
                onChange={(event) => set("folders", event.target.value)}
                aria-describedby="mailbox-folders-hint"
                autoComplete="off"
                spellCheck={false}
                className={inputClass}
              />
            </Field>
            <Field id="mailbox-since" label="Import mail since">
              <input
                id="mailbox-since"
                type="date"
                value={form.since}
                max={localDate(0)}
                onChange={(event) => set("since", event.target.value)}
                className={inputClass}
              />
            </Field>
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="mailbox-after-filing" label="After filing a newsletter">
              <select
                id="mailbox-after-filing"
                value={form.afterFiling}
                onChange={(event) => set("afterFiling", event.target.value as AfterFiling)}
                className={inputClass}
              >
                <option value="leave">Leave it untouched</option>
                <option value="mark_read">Mark it as read</option>
                <option value="move">Move it to a folder</option>
              </select>
            </Field>
            {form.afterFiling === "move" && (
              <Field id="mailbox-move-to" label="Folder to move it to" hint="Made if it does not exist.">
                <input
                  id="mailbox-move-to"
                  value={form.moveTo}
                  onChange={(event) => set("moveTo", event.target.value)}
                  aria-describedby="mailbox-move-to-hint"
                  placeholder="Newsletters"
                  autoComplete="off"
                  className={inputClass}
                />
              </Field>
            )}
          </div>
          <p className={hintClass}>
            Only newsletters are filed, with their own dates; personal mail is skipped. Unless you choose otherwise, nothing in your mailbox
            changes.
          </p>

          {shown && <Alert className="wrap-anywhere">{shown}</Alert>}
          <button type="submit" disabled={connect.isPending} className={buttonClass("primary")}>
            <span aria-live="polite">{connect.isPending ? "Testing the login…" : "Connect"}</span>
          </button>
        </form>
      )}
    </div>
  );
}
