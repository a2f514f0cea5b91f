import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { toShareLinkDto } from "@/lib/issues/dto";
import { findSharedIssue } from "./repo";

type SharedRow = NonNullable<Awaited<ReturnType<typeof findSharedIssue>>>;

async function sharedRow(shareId: string): Promise<SharedRow> {
  const row = await findSharedIssue(shareId);
  if (!row) throw new NotFoundError("Shared email not found");
  return row;
}

export type SharedIssue = ReturnType<typeof toShareLinkDto>;
export type SharedIssueView = SharedIssue & { email_summary: string | null; thumbnail_image_url: string | null };

/** What an anonymous visitor of a share link may read through the API. */
export async function getSharedIssue(shareId: string): Promise<SharedIssue> {
  return toShareLinkDto(await sharedRow(shareId));
}

/** The share page's issue, plus the issue's own summary and picture for link previews. */
export async function getSharedIssuePage(shareId: string): Promise<SharedIssueView> {
  const row = await sharedRow(shareId);
  return { ...toShareLinkDto(row), email_summary: row.issue.summary, thumbnail_image_url: row.issue.thumbnailUrl };
}
