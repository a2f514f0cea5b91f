import "server-only";
import { minutesToRead } from "@/lib/format/read-time";
import { servedHtml } from "@/lib/images/rewrite";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { EmailColumns, EmailRow } from "./repo";

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

type NewsletterRef = { id: number; name: string; websiteUrl: string | null; logoUrl: string | null };

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

/** The part of a shared issue that is the same for everyone: all a share link shows. */
export type SharedIssueContent = {
  issue: Pick<SharedIssueFields["issue"], "id" | "subject" | "senderName" | "publishedAt" | "bodyHtml" | "bodyPlain">;
  newsletter: NewsletterRef;
};

/** How a value is written in JSON, as JSON.stringify writes it. */
type JsonKind = "number" | "boolean" | "string" | "timestamp" | "numbers" | "json";

/**
 * One field of the Email, read from each thing an Email is made of: the reader's own email row, an issue
 * they did not receive (`Shared`: the content fields ask only for SharedIssueContent, so the share link
 * can use them), and, for the feed, the row's columns in SQL with the JSON kind PostgreSQL writes it as.
 */
type Field<T, Shared> = { row: (row: EmailRow) => T; shared: (shared: Shared) => T };
type ListedField<T, Shared> = Field<T, Shared> & { kind: JsonKind; column: (columns: EmailColumns) => SQL | AnyPgColumn };
type Fields<Shared> = Record<string, Field<unknown, Shared>>;
type Values<F> = { [K in keyof F]: F[K] extends { row: (row: EmailRow) => infer T } ? T : never };
/** What a list of fields reads a shared issue from: what all of them read. */
type SharedSourceOf<F> = F[keyof F] extends { shared: (shared: infer Shared) => unknown } ? Shared : never;

function field<T, Shared = SharedIssueFields>(definition: {
  kind: JsonKind;
  row: (row: EmailRow) => T;
  column: (columns: EmailColumns) => SQL | AnyPgColumn;
  shared: (shared: Shared) => NoInfer<T>;
}): ListedField<T, Shared> {
  return definition;
}

/** A JSON object as one field, its own fields read from the same things. */
function object<F extends Record<string, ListedField<unknown, never>>>(fields: F) {
  return {
    kind: "json" as const,
    row: (row: EmailRow) => fromRow(fields, row),
    column: (columns: EmailColumns) => jsonObject(fields, columns),
    shared: (shared: SharedSourceOf<F>) => fromShared(fields, shared),
  };
}

function fromRow<F extends Fields<never>>(fields: F, row: EmailRow): Values<F> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.row(row)])) as Values<F>;
}

function fromShared<F extends Fields<never>>(fields: F, shared: SharedSourceOf<F>): Values<F> {
  // SharedSourceOf<F> holds what every field reads; Object.entries forgets which field is which.
  const read = (value: Field<unknown, never>) => (value.shared as (source: SharedSourceOf<F>) => unknown)(shared);
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, read(value)])) as Values<F>;
}

const newsletterId = field({
  kind: "number",
  row: (r) => r.newsletter.id,
  column: (c) => c.newsletter.id,
  shared: (s: SharedIssueContent) => s.newsletter.id,
});
const newsletterUrl = field({
  kind: "string",
  row: (r) => r.newsletter.websiteUrl,
  column: (c) => c.newsletter.websiteUrl,
  shared: (s: SharedIssueContent) => s.newsletter.websiteUrl,
});
const newsletterMetadata = object({
  id: newsletterId,
  newsletter_name: field({
    kind: "string",
    row: (r) => r.newsletter.name,
    column: (c) => c.newsletter.name,
    shared: (s: SharedIssueContent) => s.newsletter.name,
  }),
  newsletter_url: newsletterUrl,
  logoUrl: field({
    kind: "string",
    row: (r) => r.newsletter.logoUrl,
    column: (c) => c.newsletter.logoUrl,
    shared: (s: SharedIssueContent) => s.newsletter.logoUrl,
  }),
});

/**
 * The Email of docs/contract.md section 3, in the order its JSON is written: the one list toEmailDto,
 * emailJson and toSharedEmailDto are made from. Each field reads `r`, the reader's email row; `c`, its
 * columns in SQL; `s`, an issue they did not receive, which is never forwarded, in a folder or shared by
 * this reader, and is always an issue (confirmations are no one else's).
 */
const emailFields = {
  id: field({ kind: "number", row: (r) => r.email.id, column: (c) => c.email.id, shared: (s) => s.emailId }),
  issue_id: field({ kind: "number", row: (r) => r.email.issueId, column: (c) => c.email.issueId, shared: (s) => s.issue.id }),
  newsletter_id: newsletterId,
  newsletter_metadata_id: newsletterId,
  newsletter: object({ id: newsletterId }),
  newsletter_metadata: newsletterMetadata,
  // A followed feed's entry links to its own page (lib/feeds-in); mail has its newsletter's site.
  newsletter_url: field({
    kind: "string",
    row: (r) => r.email.linkUrl ?? r.newsletter.websiteUrl,
    column: (c) => sql`coalesce(${c.email.linkUrl}, ${c.newsletter.websiteUrl})`,
    shared: (s: SharedIssueContent) => s.newsletter.websiteUrl,
  }),
  subject: field({
    kind: "string",
    row: (r) => r.email.subject,
    column: (c) => c.email.subject,
    shared: (s: SharedIssueContent) => s.issue.subject,
  }),
  sender_name: field({
    kind: "string",
    row: (r) => r.email.senderName,
    column: (c) => c.email.senderName,
    shared: (s: SharedIssueContent) => s.issue.senderName,
  }),
  sender_email: field({
    kind: "string",
    row: (r) => r.email.senderEmail,
    column: (c) => c.email.senderEmail,
    shared: (s) => s.issue.senderEmail,
  }),
  sender_verified: field({
    kind: "boolean",
    row: (r) => r.email.senderVerified,
    column: (c) => c.email.senderVerified,
    shared: (s) => s.issue.senderVerifiedDomain !== null,
  }),
  sender_verified_domain: field({
    kind: "string",
    row: (r) => r.email.senderVerifiedDomain,
    column: (c) => c.email.senderVerifiedDomain,
    shared: (s) => s.issue.senderVerifiedDomain,
  }),
  email_summary: field({ kind: "string", row: (r) => r.email.summary, column: (c) => c.email.summary, shared: (s) => s.issue.summary }),
  date_received: field({
    kind: "timestamp",
    row: (r) => r.email.dateReceived.toISOString(),
    column: (c) => c.email.dateReceived,
    shared: (s: SharedIssueContent) => s.issue.publishedAt.toISOString(),
  }),
  thumbnail_image_url: field({
    kind: "string",
    row: (r) => r.email.thumbnailUrl,
    column: (c) => c.email.thumbnailUrl,
    shared: (s) => s.issue.thumbnailUrl,
  }),
  word_count: field({ kind: "number", row: (r) => r.email.wordCount, column: (c) => c.email.wordCount, shared: (s) => s.issue.wordCount }),
  time_to_read: field({
    kind: "number",
    row: (r) => minutesToRead(r.email.wordCount),
    column: (c) => sql`greatest(1, ceil(${c.email.wordCount} / 200.0))::int`,
    shared: (s) => minutesToRead(s.issue.wordCount),
  }),
  is_read: field({ kind: "boolean", row: (r) => r.email.isRead, column: (c) => c.email.isRead, shared: (s) => Boolean(s.readAt) }),
  // How far the reader got in their own copy (docs/contract.md 7.3); an issue they hold no copy of has no place kept.
  read_progress: field({ kind: "number", row: (r) => r.readProgress, column: (c) => c.readProgress, shared: () => null }),
  is_liked: field({
    kind: "boolean",
    row: (r) => r.likedAt !== null,
    column: (c) => sql`${c.likedAt} is not null`,
    shared: (s) => Boolean(s.likedAt),
  }),
  is_favorited: field({
    kind: "boolean",
    row: (r) => r.favoritedAt !== null,
    column: (c) => sql`${c.favoritedAt} is not null`,
    shared: (s) => Boolean(s.favoritedAt),
  }),
  is_subscribed: field({
    kind: "boolean",
    row: (r) => r.email.isSubscribed,
    column: (c) => c.email.isSubscribed,
    shared: (s) => s.subscribed,
  }),
  is_forwarded: field({ kind: "boolean", row: (r) => r.email.isForwarded, column: (c) => c.email.isForwarded, shared: () => false }),
  folder_ids: field({ kind: "numbers", row: (r) => r.folderIds.map(Number), column: (c) => c.folderIds, shared: () => [] }),
  public_share_id: field({ kind: "string", row: (r) => r.shareId, column: (c) => c.shareId, shared: () => null }),
  liked_at: field({ kind: "timestamp", row: (r) => iso(r.likedAt), column: (c) => c.likedAt, shared: (s) => iso(s.likedAt) }),
  favorited_at: field({
    kind: "timestamp",
    row: (r) => iso(r.favoritedAt),
    column: (c) => c.favoritedAt,
    shared: (s) => iso(s.favoritedAt),
  }),
  like_count: field({ kind: "number", row: (r) => Number(r.likeCount), column: (c) => c.likeCount, shared: (s) => Number(s.likeCount) }),
  comment_count: field({
    kind: "number",
    row: (r) => Number(r.commentCount),
    column: (c) => c.commentCount,
    shared: (s) => Number(s.commentCount),
  }),
  kind: field({ kind: "string", row: (r) => r.email.kind, column: (c) => c.email.kind, shared: () => "issue" as const }),
  confirmation_url: field({
    kind: "string",
    row: (r) => r.email.confirmationUrl,
    column: (c) => c.email.confirmationUrl,
    shared: () => null,
  }),
};

/** The bodies, only in the single-email answer (never in lists, so never written by SQL). */
const bodyFields = {
  body_html: {
    row: (row: EmailRow) => servedHtml(row.email.bodyHtml),
    shared: (shared: SharedIssueContent) => servedHtml(shared.issue.bodyHtml),
  },
  body_plain: {
    row: (row: EmailRow) => row.email.bodyPlain,
    shared: (shared: SharedIssueContent) => shared.issue.bodyPlain,
  },
} satisfies Fields<SharedIssueContent>;

/** The Email of docs/contract.md section 3; bodies only when asked for (the single-email call). */
export function toEmailDto(row: EmailRow, options: { withBodies?: boolean } = {}) {
  const dto = fromRow(emailFields, row);
  return options.withBodies ? { ...dto, ...fromRow(bodyFields, row) } : dto;
}

export type EmailDto = ReturnType<typeof toEmailDto>;

/** An issue the user did not receive, as an Email: the shared content, and the user's own likes, favourite and read of it. */
export function toSharedEmailDto(row: SharedIssueFields, options: { withBodies?: boolean } = {}): EmailDto {
  const dto = fromShared(emailFields, row);
  return options.withBodies ? { ...dto, ...fromShared(bodyFields, row) } : dto;
}

/** What anyone with a share link reads (docs/contract.md): the issue's content under its own id, nothing about the sharer. */
export function toShareLinkDto(content: SharedIssueContent) {
  const { subject, sender_name, date_received } = emailFields;
  return {
    id: content.issue.id,
    ...fromShared({ subject, sender_name, date_received, ...bodyFields, newsletter_metadata: newsletterMetadata }, content),
  };
}

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
function jsonObject(fields: Record<string, ListedField<unknown, never>>, columns: EmailColumns): SQL<string> {
  const parts = Object.entries(fields).map(
    ([name, { kind, column }], index) => sql`${sql.raw(`'${index === 0 ? "{" : ","}"${name}":'`)} || ${jsonValue(column(columns), kind)}`,
  );
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
}

/**
 * toEmailDto's answer (without bodies) as the very JSON text JSON.stringify writes for it, built by
 * PostgreSQL for the feed: tests/integration/feed-json.test.ts holds the two to the same bytes.
 */
export function emailJson(columns: EmailColumns): SQL<string> {
  return jsonObject(emailFields, columns);
}

/** pagedList's answer around items already in JSON text. */
export function pagedJson(items: string[], total: number, page: number, pageSize: number): string {
  const empty = JSON.stringify(pagedList([], total, page, pageSize));
  return `{"items":[${items.join(",")}]${empty.slice('{"items":[]'.length)}`;
}

export function pagedList<T>(items: T[], total: number, page: number, pageSize: number) {
  return { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize };
}
