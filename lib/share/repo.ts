import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, issue, newsletter, share } from "@/db/schema";

/** The shared edition: the issue's de-personalized content, never the sharer's own copy. */
export async function findSharedIssue(shareId: string) {
  const [row] = await getDb()
    .select({
      issue: {
        id: issue.id,
        subject: issue.subject,
        senderName: issue.senderName,
        publishedAt: issue.publishedAt,
        bodyHtml: issue.bodyHtml,
        bodyPlain: issue.bodyPlain,
        summary: issue.summary,
        thumbnailUrl: issue.thumbnailUrl,
      },
      newsletter: { id: newsletter.id, name: newsletter.name, websiteUrl: newsletter.websiteUrl, logoUrl: newsletter.logoUrl },
    })
    .from(share)
    .innerJoin(email, eq(email.id, share.emailId))
    .innerJoin(issue, eq(issue.id, email.issueId))
    .innerJoin(newsletter, eq(newsletter.id, issue.newsletterId))
    .where(eq(share.shareId, shareId));
  return row;
}
