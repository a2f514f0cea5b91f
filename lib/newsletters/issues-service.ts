import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { toEmailDto, toSharedEmailDto, type EmailDto } from "@/lib/issues/dto";
import { findEmailRows } from "@/lib/issues/repo";
import { findVisibleNewsletter } from "./discovery-repo";
import {
  findOwnEmailsOfIssues,
  findOwnRecentEmailRefs,
  findPublicIssues,
  findRecentIssueRefs,
  findTrendingIssueIds,
  type IssueRef,
  type PublicIssueRow,
} from "./issues-repo";
import { rankedIds } from "./ranking-cache";

const TRENDING_LIMIT = 20;
const RECENT_LIMIT = 10;

/** Each issue, in the given order, as the user's own email when they have one, else in its shared form (when public). */
async function describeIssues(userId: number, issueIds: number[], own: Map<number, number>, shared: PublicIssueRow[]): Promise<EmailDto[]> {
  // The ids come from findOwnEmailsOfIssues, which only finds this user's emails.
  const ownRows = await findEmailRows([...own.values()]);
  const byIssue = new Map<number, EmailDto>();
  for (const row of shared) byIssue.set(row.issue.id, toSharedEmailDto(row));
  for (const row of ownRows) if (row.email.userId === userId) byIssue.set(row.email.issueId, toEmailDto(row));
  return issueIds.flatMap((id) => byIssue.get(id) ?? []);
}

/** The most engaged issues of public newsletters this week; the ranking may be a minute old, visibility never is. */
export async function listTrendingIssues(userId: number): Promise<{ items: EmailDto[] }> {
  const ranked = await rankedIds("issues", () => findTrendingIssueIds(TRENDING_LIMIT));
  const [shared, own] = await Promise.all([findPublicIssues(userId, ranked), findOwnEmailsOfIssues(userId, ranked)]);
  const stillPublic = new Set(shared.map((row) => row.issue.id));
  const issueIds = ranked.filter((id) => stillPublic.has(id));
  for (const issueId of own.keys()) if (!stillPublic.has(issueId)) own.delete(issueId);
  return { items: await describeIssues(userId, issueIds, own, shared) };
}

/** Up to ten, newest first: the user's own emails of the newsletter, and the public newsletter's other issues. */
export async function listRecentIssues(userId: number, newsletterId: number): Promise<{ items: EmailDto[] }> {
  const [letter, ownRefs, publicRefs] = await Promise.all([
    findVisibleNewsletter(userId, newsletterId),
    findOwnRecentEmailRefs(userId, newsletterId, RECENT_LIMIT),
    findRecentIssueRefs(newsletterId, RECENT_LIMIT),
  ]);
  if (!letter) throw new NotFoundError("Newsletter not found");
  const newest = new Map<number, IssueRef>();
  for (const ref of [...ownRefs, ...(letter.isPublic ? publicRefs : [])]) if (!newest.has(ref.issueId)) newest.set(ref.issueId, ref);
  const issueIds = [...newest.values()]
    .sort((left, right) => right.date.getTime() - left.date.getTime() || right.issueId - left.issueId)
    .slice(0, RECENT_LIMIT)
    .map((ref) => ref.issueId);
  const [own, shared] = await Promise.all([findOwnEmailsOfIssues(userId, issueIds), findPublicIssues(userId, issueIds)]);
  return { items: await describeIssues(userId, issueIds, own, shared) };
}
