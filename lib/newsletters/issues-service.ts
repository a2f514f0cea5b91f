import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { minutesToRead, toEmailDto, type EmailDto } from "@/lib/issues/dto";
import { findEmail } from "@/lib/issues/repo";
import { findVisibleNewsletter } from "./discovery-repo";
import {
  findOwnEmailsOfIssues,
  findOwnRecentEmailRefs,
  findPublicIssues,
  findRecentIssueRefs,
  findTrendingIssueRefs,
  type IssueRef,
  type PublicIssueRow,
} from "./issues-repo";

const TRENDING_LIMIT = 20;
const RECENT_LIMIT = 10;

/** An issue the user did not receive, as an Email: the shared content, none of the user's interactions. */
function toPublicIssueDto(row: PublicIssueRow): EmailDto {
  const { issue, newsletter } = row;
  return {
    id: row.emailId,
    issue_id: issue.id,
    newsletter_id: newsletter.id,
    newsletter_metadata_id: newsletter.id,
    newsletter: { id: newsletter.id },
    newsletter_metadata: { id: newsletter.id, newsletter_name: newsletter.name, newsletter_url: newsletter.websiteUrl, logoUrl: newsletter.logoUrl },
    subject: issue.subject,
    sender_name: issue.senderName,
    sender_email: issue.senderEmail,
    email_summary: issue.summary,
    date_received: issue.publishedAt.toISOString(),
    thumbnail_image_url: issue.thumbnailUrl,
    word_count: issue.wordCount,
    time_to_read: minutesToRead(issue.wordCount),
    is_read: false,
    is_liked: false,
    is_favorited: false,
    is_subscribed: row.subscribed,
    is_forwarded: false,
    folder_ids: [],
    newsletter_url: newsletter.websiteUrl,
    public_share_id: null,
    liked_at: null,
    favorited_at: null,
    like_count: Number(row.likeCount),
    comment_count: Number(row.commentCount),
    kind: "issue",
    confirmation_url: null,
  };
}

/** Each issue, in the given order, as the user's own email when they have one, else in its shared form. */
async function describeIssues(userId: number, issueIds: number[], own: Map<number, number>): Promise<EmailDto[]> {
  const shared = issueIds.filter((id) => !own.has(id));
  // At most RECENT_LIMIT or TRENDING_LIMIT lookups by primary key, run together.
  const [ownRows, sharedRows] = await Promise.all([Promise.all([...own.values()].map((emailId) => findEmail(userId, emailId))), findPublicIssues(userId, shared)]);
  const byIssue = new Map<number, EmailDto>();
  for (const row of ownRows) if (row) byIssue.set(row.email.issueId, toEmailDto(row));
  for (const row of sharedRows) byIssue.set(row.issue.id, toPublicIssueDto(row));
  return issueIds.flatMap((id) => byIssue.get(id) ?? []);
}

/** The most engaged issues of public newsletters this week. */
export async function listTrendingIssues(userId: number): Promise<{ items: EmailDto[] }> {
  const issueIds = (await findTrendingIssueRefs(TRENDING_LIMIT)).map((ref) => ref.issueId);
  return { items: await describeIssues(userId, issueIds, await findOwnEmailsOfIssues(userId, issueIds)) };
}

/** Up to ten, newest first: the user's own emails of the newsletter, and the public newsletter's other issues. */
export async function listRecentIssues(userId: number, newsletterId: number): Promise<{ items: EmailDto[] }> {
  const letter = await findVisibleNewsletter(userId, newsletterId);
  if (!letter) throw new NotFoundError("Newsletter not found");
  const [ownRefs, publicRefs] = await Promise.all([
    findOwnRecentEmailRefs(userId, newsletterId, RECENT_LIMIT),
    letter.isPublic ? findRecentIssueRefs(newsletterId, RECENT_LIMIT) : Promise.resolve([]),
  ]);
  const newest = new Map<number, IssueRef>();
  for (const ref of [...ownRefs, ...publicRefs]) if (!newest.has(ref.issueId)) newest.set(ref.issueId, ref);
  const issueIds = [...newest.values()]
    .sort((left, right) => right.date.getTime() - left.date.getTime() || right.issueId - left.issueId)
    .slice(0, RECENT_LIMIT)
    .map((ref) => ref.issueId);
  return { items: await describeIssues(userId, issueIds, await findOwnEmailsOfIssues(userId, issueIds)) };
}
