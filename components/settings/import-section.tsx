"use client";

import { useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { uploadType, useImport, useImportFailures, useImports, useStartImport, type ImportStatus } from "@/lib/client/imports";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { AnchoredSection } from "./anchored-section";

const STATUS_TEXT: Record<ImportStatus["status"], string> = { running: "Importing...", done: "Import done", failed: "Import failed" };

function Progress({ status }: { status: ImportStatus }) {
  const percent = status.total > 0 ? Math.round((status.processed / status.total) * 100) : status.status === "running" ? 0 : 100;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-800 dark:text-slate-100" data-testid="import-status">
          {STATUS_TEXT[status.status]}
        </span>
        <span className="text-slate-600 dark:text-slate-400" data-testid="import-count">
          {status.processed}/{status.total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {(["filed", "skipped", "failed"] as const).map((key) => (
          <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <dt className="capitalize text-slate-600 dark:text-slate-400">{key}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white" data-testid={`import-${key}`}>
              {status[key]}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Failures({ id, count }: { id: number; count: number }) {
  const failures = useImportFailures(id, count);
  const items = failures.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">What could not be imported</h3>
      <ul className="max-h-60 space-y-1 overflow-y-auto text-sm text-slate-700 dark:text-slate-300" data-testid="import-failures">
        {items.map((item, index) => (
          <li key={`${item.position}-${index}`} className="break-words">
            {item.position > 0 ? `Message ${item.position}` : "The file"}
            {item.subject ? ` ('${item.subject}')` : ""}: {item.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Upload an mbox, an .eml or a zip of .eml files; the bar follows the import job until it is done. */
export function ImportSection() {
  const start = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  // After a reload the latest import is followed again, running or finished.
  const imports = useImports();
  const latest = imports.data?.items[0]?.id ?? null;
  const current = useImport(importId ?? latest);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setProblem(null);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return setProblem("Choose a file to import.");
    const type = uploadType(file);
    if (!type) return setProblem("Choose an .mbox, .eml or .zip file.");
    setProblem(null);
    start.mutate({ file, type }, { onSuccess: (started) => setImportId(started.id) });
  };
  const status = current.data;
  const shown = problem ?? (start.isError ? errorMessage(start.error, "Failed to start the import") : null);

  return (
    // /settings#import: where the empty feed's "Import mail" leads.
    <AnchoredSection id="import" title="Import" ready={!imports.isPending}>
      <form onSubmit={submit} className="space-y-4" aria-label="Import mail">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Bring the newsletters already in your mailbox: an mbox file (Google Takeout, Thunderbird), one .eml message, or a zip of .eml
          files, up to 5 GB. Only newsletters are filed, with their own dates; personal mail is skipped.
        </p>
        <div className="space-y-1.5">
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Mailbox file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".mbox,.mbx,.eml,.zip,application/mbox,message/rfc822,application/zip"
            onChange={choose}
            className="block w-full rounded-lg text-sm text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-semibold file:text-indigo-700 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-indigo-300"
          />
        </div>
        {shown && <Alert>{shown}</Alert>}
        <button type="submit" disabled={start.isPending || status?.status === "running"} className={buttonClass("primary")}>
          {start.isPending ? "Uploading..." : "Import"}
        </button>
      </form>
      {status && (
        <div className="mt-5 space-y-4">
          <Progress status={status} />
          <Failures id={status.id} count={status.failed + (status.status === "failed" ? 1 : 0)} />
        </div>
      )}
      {current.isError && <Alert className="mt-4">{errorMessage(current.error, "Failed to fetch the import")}</Alert>}
    </AnchoredSection>
  );
}
