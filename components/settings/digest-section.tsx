"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/client/auth";
import {
  useDigestSettings,
  useSaveDigest,
  useSendDigestNow,
  type DigestFrequency,
  type DigestSchedule,
  type DigestSettings,
} from "@/lib/client/digest";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AnchoredSection } from "./anchored-section";

const FREQUENCIES: Record<DigestFrequency, string> = { off: "Off", daily: "Daily", weekly: "Weekly" };
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const TOAST_MS = 6000;
const labelClass = "block text-sm font-medium text-slate-700 dark:text-slate-200";

function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The zones the browser knows, with the chosen one kept even when it is not among them. */
function timezoneChoices(chosen: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([chosen, "UTC", ...known])].sort((left, right) => left.localeCompare(right));
}

/**
 * Settings' digest (docs/contract.md 7.4): a daily or weekly mail of the unread issues at the reader's local
 * hour, and "Send me one now". A reader who never saved starts from their browser's time zone.
 */
export function DigestSection() {
  const { data: user } = useCurrentUser();
  const settings = useDigestSettings();

  return (
    <AnchoredSection id="digest" title="Digest" ready={Boolean(user) && !settings.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Get one mail listing the issues you have not read yet, every day or once a week, at the hour you choose. Nothing is sent when
        nothing is new.
      </p>
      {settings.isPending && <Spinner label="Loading your digest settings..." className="py-6" />}
      {settings.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(settings.error, "Failed to load your digest settings")}</Alert>
          <button type="button" onClick={() => void settings.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {settings.data && <DigestForm saved={settings.data} address={user?.email} />}
    </AnchoredSection>
  );
}

function DigestForm({ saved, address }: { saved: DigestSettings; address: string | undefined }) {
  const save = useSaveDigest();
  const sendNow = useSendDigestNow();
  const [form, setForm] = useState<DigestSchedule>(() => ({
    frequency: saved.frequency,
    hour: saved.hour,
    weekday: saved.weekday,
    timezone: saved.updated_at ? saved.timezone : browserTimezone(),
  }));
  const [toast, setToast] = useState<string | null>(null);
  const zones = useMemo(() => timezoneChoices(form.timezone), [form.timezone]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const change = (values: Partial<DigestSchedule>) => {
    save.reset();
    setForm((current) => ({ ...current, ...values }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sendNow.reset();
    save.mutate(form);
  };

  const onSendNow = () => {
    save.reset();
    setToast(null);
    sendNow.mutate(undefined, {
      onSuccess: (result) =>
        setToast(
          result.status === "queued"
            ? `Your digest of ${result.email_count} ${result.email_count === 1 ? "issue" : "issues"} is on its way${address ? ` to ${address}` : ""}.`
            : "Nothing new since your last digest, so no mail was sent.",
        ),
    });
  };

  const off = form.frequency === "off";
  return (
    <>
      <form onSubmit={submit} className="mt-4 space-y-3" aria-label="Digest settings">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor="digest-frequency" className={labelClass}>
              Frequency
            </label>
            <select
              id="digest-frequency"
              value={form.frequency}
              onChange={(event) => change({ frequency: event.target.value as DigestFrequency })}
              className={inputClass}
            >
              {(Object.keys(FREQUENCIES) as DigestFrequency[]).map((value) => (
                <option key={value} value={value}>
                  {FREQUENCIES[value]}
                </option>
              ))}
            </select>
          </div>
          {form.frequency === "weekly" && (
            <div className="space-y-1.5">
              <label htmlFor="digest-weekday" className={labelClass}>
                Day
              </label>
              <select
                id="digest-weekday"
                value={form.weekday}
                onChange={(event) => change({ weekday: Number(event.target.value) })}
                className={inputClass}
              >
                {WEEKDAYS.map((name, day) => (
                  <option key={name} value={day}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="space-y-1.5">
            <label htmlFor="digest-hour" className={labelClass}>
              Hour
            </label>
            <select
              id="digest-hour"
              value={form.hour}
              disabled={off}
              onChange={(event) => change({ hour: Number(event.target.value) })}
              className={inputClass}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {`${String(hour).padStart(2, "0")}:00`}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="digest-timezone" className={labelClass}>
              Time zone
            </label>
            <select
              id="digest-timezone"
              value={form.timezone}
              disabled={off}
              onChange={(event) => change({ timezone: event.target.value })}
              className={inputClass}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={save.isPending} className={buttonClass("primary")}>
            {save.isPending ? "Saving..." : "Save"}
          </button>
          <button type="button" onClick={onSendNow} disabled={sendNow.isPending} className={buttonClass("secondary")}>
            {sendNow.isPending ? "Sending..." : "Send me one now"}
          </button>
        </div>
        {save.isSuccess && (
          <Alert tone="success">
            {save.data.frequency === "off" ? "Digest settings saved: the digest is off." : "Digest settings saved."}
          </Alert>
        )}
        {save.isError && <Alert className="wrap-anywhere">{errorMessage(save.error, "Failed to save your digest settings.")}</Alert>}
        {sendNow.isError && <Alert className="wrap-anywhere">{errorMessage(sendNow.error, "Failed to send the digest.")}</Alert>}
      </form>
      {/* The live region is always present, so the toast's words are announced when they appear; the status role
          comes only with a toast, because a page at rest shows no status. */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md">
        {toast && (
          <p role="status" className="rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            {toast}
          </p>
        )}
      </div>
    </>
  );
}
