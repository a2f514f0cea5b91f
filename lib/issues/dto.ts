import "server-only";
import { minutesToRead } from "@/lib/format/read-time";
import { servedHtml } from "@/lib/images/rewrite";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { EmailColumns, EmailRow } from "./repo";

export { minutesToRead };

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

type NewsletterRef = { id: number; name: string; websiteUrl: string | null; logoUrl: string | null };

/** The fields every Email form carries about its newsletter. */
function newsletterFields(newsletter: NewsletterRef) {
  return {
    newsletter_id: newsletter.id,
    newsletter_metadata_id: newsletter.id,
    newsletter: { id: newsletter.id },
    newsletter_metadata: {
      id: newsletter.id,
      newsletter_name: newsletter.name,
      newsletter_url: newsletter.websiteUrl,
      logoUrl: newsletter.logoUrl,
    },
    newsletter_url: newsletter.websiteUrl,
  };
}

/** The Email of docs/contract.md section 3; bodies only when asked for (the single-email call). */
export function toEmailDto(row: EmailRow, options: { withBodies?: boolean } = {}) {
  const { email, newsletter } = row;
  const dto = {
    id: email.id,
    issue_id: email.issueId,
    ...newsletterFields(newsletter),
    subject: email.subject,
    sender_name: email.senderName,
    sender_email: email.senderEmail,
    sender_verified: email.senderVerified,
    sender_verified_domain: email.senderVerifiedDomain,
    email_summary: email.summary,
    date_received: iso(email.dateReceived),
    thumbnail_image_url: email.thumbnailUrl,
    word_count: email.wordCount,
    time_to_read: minutesToRead(email.wordCount),
    is_read: email.isRead,
    is_liked: row.likedAt !== null,
    is_favorited: row.favoritedAt !== null,
    is_subscribed: email.isSubscribed,
    is_forwarded: email.isForwarded,
    folder_ids: row.folderIds.map(Number),
    public_share_id: row.shareId,
    liked_at: iso(row.likedAt),
    favorited_at: iso(row.favoritedAt),
    like_count: Number(row.likeCount),
    comment_count: Number(row.commentCount),
    kind: email.kind,
    confirmation_url: email.confirmationUrl,
  };
  return options.withBodies ? { ...dto, body_html: servedHtml(email.bodyHtml), body_plain: email.bodyPlain } : dto;
}

export type EmailDto = ReturnType<typeof toEmailDto>;

/** How a value is written in JSON, as JSON.stringify writes it. */
type JsonKind = "number" | "boolean" | "string" | "timestamp" | "numbers" | "json";
type JsonField = readonly [name: string, value: SQL | AnyPgColumn, kind: JsonKind];

function jsonValue(value: SQL | AnyPgColumn, kind: JsonKind): SQL {
  if (kind === "number") return sql`coalesce((${value})::text, 'null')`;
  if (kind === "boolean") return sql`(${value})::text`;
  // to_json escapes as JSON.stringify does: quotes, backslashes, and control characters (\b\f\n\r\t, else \u00xx).
  if (kind === "string") return sql`coalesce(to_json((${value})::text)::text, 'null')`;
  // As toISOString(): UTC, milliseconds (truncated, as pg's Date parsing truncates the microseconds).
  if (kind === "timestamp")
    return sql`coalesce('"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
  if (kind === "numbers") return sql`array_to_json(${value})::text`;
  return sql`${value}`;
}

/** A JSON object's text, built by concatenation: json_build_object looks each value's type up again on every row. */
function jsonObject(fields: readonly JsonField[]): SQL<string> {
  const parts = fields.map(
    ([name, value, kind], index) => sql`${sql.raw(`'${index === 0 ? "{" : ","}"${name}":'`)} || ${jsonValue(value, kind)}`,
  );
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
}

/**
 * toEmailDto's answer (without bodies) as the very JSON text JSON.stringify writes for it, built by
 * PostgreSQL for the feed: tests/integration/feed-json.test.ts holds the two to the same bytes.
 */
export function emailJson(columns: EmailColumns): SQL<string> {
  const { email, newsletter } = columns;
  return jsonObject([
    ["id", email.id, "number"],
    ["issue_id", email.issueId, "number"],
    ["newsletter_id", newsletter.id, "number"],
    ["newsletter_metadata_id", newsletter.id, "number"],
    ["newsletter", jsonObject([["id", newsletter.id, "number"]]), "json"],
    [
      "newsletter_metadata",
      jsonObject([
        ["id", newsletter.id, "number"],
        ["newsletter_name", newsletter.name, "string"],
        ["newsletter_url", newsletter.websiteUrl, "string"],
        ["logoUrl", newsletter.logoUrl, "string"],
      ]),
      "json",
    ],
    ["newsletter_url", newsletter.websiteUrl, "string"],
    ["subject", email.subject, "string"],
    ["sender_name", email.senderName, "string"],
    ["sender_email", email.senderEmail, "string"],
    ["sender_verified", email.senderVerified, "boolean"],
    ["sender_verified_domain", email.senderVerifiedDomain, "string"],
    ["email_summary", email.summary, "string"],
    ["date_received", email.dateReceived, "timestamp"],
    ["thumbnail_image_url", email.thumbnailUrl, "string"],
    ["word_count", email.wordCount, "number"],
    ["time_to_read", sql`greatest(1, ceil(${email.wordCount} / 200.0))::int`, "number"],
    ["is_read", email.isRead, "boolean"],
    ["is_liked", sql`${columns.likedAt} is not null`, "boolean"],
    ["is_favorited", sql`${columns.favoritedAt} is not null`, "boolean"],
    ["is_subscribed", email.isSubscribed, "boolean"],
    ["is_forwarded", email.isForwarded, "boolean"],
    ["folder_ids", columns.folderIds, "numbers"],
    ["public_share_id", columns.shareId, "string"],
    ["liked_at", columns.likedAt, "timestamp"],
    ["favorited_at", columns.favoritedAt, "timestamp"],
    ["like_count", columns.likeCount, "number"],
    ["comment_count", columns.commentCount, "number"],
    ["kind", email.kind, "string"],
    ["confirmation_url", email.confirmationUrl, "string"],
  ]);
}

/** pagedList's answer around items already in JSON text. */
export function pagedJson(items: string[], total: number, page: number, pageSize: number): string {
  const empty = JSON.stringify(pagedList([], total, page, pageSize));
  return `{"items":[${items.join(",")}]${empty.slice('{"items":[]'.length)}`;
}

/** What an issue of a public newsletter shows a reader who did not receive it. */
export type SharedIssueFields = {
  emailId: number;
  issue: {
    id: number;
    subject: string | null;
    senderName: string | null;
    senderEmail: string | null;
    summary: string | null;
    /** The domain its sender proved (every issue of a public newsletter was verified to join it); null before the check. */
    senderVerifiedDomain: string | null;
    thumbnailUrl: string | null;
    wordCount: number;
    publishedAt: Date;
    bodyHtml: string | null;
    bodyPlain: string | null;
  };
  newsletter: NewsletterRef;
  subscribed: boolean;
  likeCount: number;
  commentCount: number;
  /** The reader's own like, favourite and read of the issue; absent from lists that are the same for everyone. */
  likedAt?: Date | string | null;
  favoritedAt?: Date | string | null;
  readAt?: Date | string | null;
};

/** An issue the user did not receive, as an Email: the shared content, and the user's own likes, favourite and read of it. */
export function toSharedEmailDto(row: SharedIssueFields, options: { withBodies?: boolean } = {}): EmailDto {
  const { issue, newsletter } = row;
  return {
    id: row.emailId,
    issue_id: issue.id,
    ...newsletterFields(newsletter),
    subject: issue.subject,
    sender_name: issue.senderName,
    sender_email: issue.senderEmail,
    sender_verified: issue.senderVerifiedDomain !== null,
    sender_verified_domain: issue.senderVerifiedDomain,
    email_summary: issue.summary,
    date_received: issue.publishedAt.toISOString(),
    thumbnail_image_url: issue.thumbnailUrl,
    word_count: issue.wordCount,
    time_to_read: minutesToRead(issue.wordCount),
    is_read: Boolean(row.readAt),
    is_liked: Boolean(row.likedAt),
    is_favorited: Boolean(row.favoritedAt),
    is_subscribed: row.subscribed,
    is_forwarded: false,
    folder_ids: [],
    public_share_id: null,
    liked_at: iso(row.likedAt),
    favorited_at: iso(row.favoritedAt),
    like_count: Number(row.likeCount),
    comment_count: Number(row.commentCount),
    kind: "issue",
    confirmation_url: null,
    ...(options.withBodies ? { body_html: servedHtml(issue.bodyHtml), body_plain: issue.bodyPlain } : {}),
  };
}

export function pagedList<T>(items: T[], total: number, page: number, pageSize: number) {
  return { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize };
}
