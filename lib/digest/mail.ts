import "server-only";
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/mail/content/html-text";
import type { OutboundMail } from "@/lib/outbound/deliver";
import type { DigestEmail } from "./repo";
import type { DigestSchedule } from "./schedule";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export type DigestContent = {
  to: string;
  items: DigestEmail[];
  total: number;
  schedule: DigestSchedule;
  unsubscribeUrl: string;
};

const link = (path: string) => new URL(path, env.APP_URL).toString();
const issues = (count: number) => `${count} new ${count === 1 ? "issue" : "issues"}`;

function when(schedule: DigestSchedule): string {
  const hour = `${String(schedule.hour).padStart(2, "0")}:00 (${schedule.timezone})`;
  if (schedule.frequency === "daily") return `You get this digest every day at ${hour}.`;
  if (schedule.frequency === "weekly") return `You get this digest every ${WEEKDAYS[schedule.weekday]} at ${hour}.`;
  return "You asked for this digest in Settings.";
}

/**
 * The digest as one message, text and HTML: each unread issue's newsletter, subject, summary and link,
 * with RFC 8058's one-click unsubscribe headers. Private: the log names neither recipient nor subject.
 */
export function digestMail(content: DigestContent): OutboundMail {
  const { items, total, schedule, unsubscribeUrl } = content;
  const subject = `Your ${schedule.frequency === "weekly" ? "weekly " : ""}Paperboy digest: ${issues(total)}`;
  const more = total - items.length;
  const settingsUrl = link("/settings#digest");
  const feedUrl = link("/feed");
  const entries = items.map((item) => ({
    newsletter: item.newsletter,
    subject: item.subject?.trim() || "(no subject)",
    summary: item.summary?.trim() ?? "",
    url: link(`/emails/${item.id}`),
  }));

  const text = [
    `${issues(total)} since your last digest, unread.`,
    "",
    ...entries.flatMap((entry) => [`${entry.newsletter}: ${entry.subject}`, ...(entry.summary ? [entry.summary] : []), entry.url, ""]),
    ...(more > 0 ? [`And ${more} more in your feed: ${feedUrl}`, ""] : []),
    "--",
    when(schedule),
    `Change it in Settings: ${settingsUrl}`,
    `Turn the digest off: ${unsubscribeUrl}`,
  ].join("\n");

  const muted = "color:#64748b;font-size:13px";
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(issues(total))} since your last digest, unread</h1>`,
    '<ul style="list-style:none;padding:0;margin:0">',
    ...entries.map(
      (entry) =>
        `<li style="margin:0 0 20px"><div style="${muted}">${escapeHtml(entry.newsletter)}</div>` +
        `<a href="${escapeHtml(entry.url)}" style="font-size:16px;font-weight:600;color:#4338ca">${escapeHtml(entry.subject)}</a>` +
        (entry.summary ? `<div>${escapeHtml(entry.summary)}</div>` : "") +
        "</li>",
    ),
    "</ul>",
    more > 0 ? `<p><a href="${escapeHtml(feedUrl)}">And ${more} more in your feed</a></p>` : "",
    `<p style="${muted};border-top:1px solid #e2e8f0;padding-top:12px">${escapeHtml(when(schedule))} ` +
      `<a href="${escapeHtml(settingsUrl)}">Change it in Settings</a> or <a href="${escapeHtml(unsubscribeUrl)}">turn the digest off</a>.</p>`,
    "</body></html>",
  ].join("\n");

  return {
    to: content.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    private: true,
  };
}
