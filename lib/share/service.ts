import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { servedHtml } from "@/lib/images/rewrite";
import { findSharedIssue } from "./repo";

type SharedRow = NonNullable<Awaited<ReturnType<typeof findSharedIssue>>>;

async function sharedRow(shareId: string): Promise<SharedRow> {
  const row = await findSharedIssue(shareId);
  if (!row) throw new NotFoundError("Shared email not found");
  return row;
}

/** docs/contract.md's fields, exactly: the issue, nothing about who shared it. */
function toSharedIssue(row: SharedRow) {
  return {
    id: row.id,
    subject: row.subject,
    sender_name: row.senderName,
    date_received: row.publishedAt.toISOString(),
    body_html: servedHtml(row.bodyHtml),
    body_plain: row.bodyPlain,
    newsletter_metadata: {
      id: row.newsletter.id,
      newsletter_name: row.newsletter.name,
      newsletter_url: row.newsletter.websiteUrl,
      logoUrl: row.newsletter.logoUrl,
    },
  };
}

export type SharedIssue = ReturnType<typeof toSharedIssue>;
export type SharedIssueView = SharedIssue & { email_summary: string | null; thumbnail_image_url: string | null };

/** What an anonymous visitor of a share link may read through the API. */
export async function getSharedIssue(shareId: string): Promise<SharedIssue> {
  return toSharedIssue(await sharedRow(shareId));
}

/** The share page's issue, plus the issue's own summary and picture for link previews. */
export async function getSharedIssuePage(shareId: string): Promise<SharedIssueView> {
  const row = await sharedRow(shareId);
  return { ...toSharedIssue(row), email_summary: row.summary, thumbnail_image_url: row.thumbnailUrl };
}
