import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { findSharedIssue } from "./repo";

export type SharedIssue = Awaited<ReturnType<typeof getSharedIssue>>;

/** What an anonymous visitor of a share link may read: the issue, nothing about who shared it. */
export async function getSharedIssue(shareId: string) {
  const row = await findSharedIssue(shareId);
  if (!row) throw new NotFoundError("Shared email not found");
  return {
    id: row.id,
    subject: row.subject,
    sender_name: row.senderName,
    date_received: row.publishedAt.toISOString(),
    body_html: row.bodyHtml,
    body_plain: row.bodyPlain,
    email_summary: row.summary,
    thumbnail_image_url: row.thumbnailUrl,
    newsletter_metadata: { id: row.newsletter.id, newsletter_name: row.newsletter.name, newsletter_url: row.newsletter.websiteUrl, logoUrl: row.newsletter.logoUrl },
  };
}
