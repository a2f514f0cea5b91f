import "server-only";
import { minutesToRead } from "@/lib/format/read-time";
import type { EmailRow } from "./repo";

export { minutesToRead };

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The Email of CONTRACT.md section 3; bodies only when asked for (the single-email call). */
export function toEmailDto(row: EmailRow, options: { withBodies?: boolean } = {}) {
  const { email, newsletter } = row;
  const dto = {
    id: email.id,
    issue_id: email.issueId,
    newsletter_id: newsletter.id,
    newsletter_metadata_id: newsletter.id,
    newsletter: { id: newsletter.id },
    newsletter_metadata: { id: newsletter.id, newsletter_name: newsletter.name, newsletter_url: newsletter.websiteUrl, logoUrl: newsletter.logoUrl },
    subject: email.subject,
    sender_name: email.senderName,
    sender_email: email.senderEmail,
    email_summary: email.summary,
    date_received: iso(email.dateReceived),
    thumbnail_image_url: email.thumbnailUrl,
    word_count: email.wordCount,
    time_to_read: minutesToRead(email.wordCount),
    is_read: row.readAt !== null,
    is_liked: row.likedAt !== null,
    is_favorited: row.favoritedAt !== null,
    is_subscribed: row.subscriptionStatus === "active",
    is_forwarded: email.isForwarded,
    folder_ids: row.folderIds.map(Number),
    newsletter_url: newsletter.websiteUrl,
    public_share_id: row.shareId,
    liked_at: iso(row.likedAt),
    favorited_at: iso(row.favoritedAt),
    like_count: Number(row.likeCount),
    comment_count: Number(row.commentCount),
    kind: email.kind,
    confirmation_url: email.confirmationUrl,
  };
  return options.withBodies ? { ...dto, body_html: email.bodyHtml, body_plain: email.bodyPlain } : dto;
}

export type EmailDto = ReturnType<typeof toEmailDto>;

export function pagedList<T>(items: T[], total: number, page: number, pageSize: number) {
  return { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize };
}
