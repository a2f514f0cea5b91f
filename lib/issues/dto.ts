import "server-only";
import { minutesToRead } from "@/lib/format/read-time";
import { servedHtml } from "@/lib/images/rewrite";
import type { EmailRow } from "./repo";

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

/** The Email of CONTRACT.md section 3; bodies only when asked for (the single-email call). */
export function toEmailDto(row: EmailRow, options: { withBodies?: boolean } = {}) {
  const { email, newsletter } = row;
  const dto = {
    id: email.id,
    issue_id: email.issueId,
    ...newsletterFields(newsletter),
    subject: email.subject,
    sender_name: email.senderName,
    sender_email: email.senderEmail,
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

/** What an issue of a public newsletter shows a reader who did not receive it. */
export type SharedIssueFields = {
  emailId: number;
  issue: {
    id: number;
    subject: string | null;
    senderName: string | null;
    senderEmail: string | null;
    summary: string | null;
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
