"use client";

import { formatSize, useAttachments } from "@/lib/client/attachments";

/** The files (a PDF edition, a calendar invitation), each to download; nothing when it has none. */
export function AttachmentsPanel({ emailId }: { emailId: number }) {
  const attachments = useAttachments(emailId);
  if (!attachments.data || attachments.data.length === 0) return null;
  return (
    <section
      aria-labelledby="attachments-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="attachments-title" className="mb-2 font-semibold text-slate-900 dark:text-white">
        Attachments
      </h2>
      <ul className="space-y-2">
        {attachments.data.map((file) => (
          <li key={file.id} className="min-w-0">
            <a
              href={`/api/issues/${emailId}/attachments/${file.id}`}
              download={file.filename}
              className="rounded text-sm font-semibold wrap-anywhere text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
            >
              {file.filename}
            </a>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {file.content_type} · {formatSize(file.size)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
