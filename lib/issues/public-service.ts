import "server-only";
// A newsletter's shared issues as one reader sees them (trending, recent): it lives with the reader's
// copies so that issues imports newsletters (the shared edition) and never the other way round.
import { NotFoundError } from "@/lib/api/errors";
import { currentChangeStamp } from "@/lib/newsletters/change-stamp";
import { canSeeNewsletter, publicNewsletterJson } from "@/lib/newsletters/discovery-service";
import {
  findOwnEmailsOfIssues,
  findReaderIssueState,
  findReaderNewsletterState,
  findRecentIssueRefs,
  findSharedIssues,
  findTrendingIssueIds,
  type CopylessActions,
  type IssueRef,
  type ReaderIssueState,
  type ReaderNewsletterState,
  type SharedIssueRow,
} from "./shared-repo";
import { rankedIds } from "@/lib/newsletters/ranking-cache";
import { StampedCache } from "@/lib/newsletters/stamped-cache";
import { toEmailDto, toSharedEmailDto, type SharedIssueFields } from "./dto";
import { findEmailRows } from "./repo";

const TRENDING_LIMIT = 20;
const RECENT_LIMIT = 10;

/**
 * An issue of a public newsletter as an Email serialized for a reader who does not follow it, and for
 * one who does; `fields` serve a reader who liked, favourited or read it without a copy.
 */
type SharedIssue = {
  issueId: number;
  newsletterId: number;
  date: Date;
  fields: Omit<SharedIssueFields, "subscribed">;
  json: { unfollowed: string; followed: string };
};

// The shared form of a list's issues is the same for everyone until a change stamp moves, and so is
// what a reader has of them (own copies, follows, and likes, favourites and reads without a copy: the
// stamp counts emails, subscriptions and those actions). Own copies are read afresh, as their read,
// favourite and folder state is not counted.
const sharedIssueLists = new StampedCache<SharedIssue[]>(2000);
const readerIssueStates = new StampedCache<ReaderIssueState>(10_000);
const readerNewsletterStates = new StampedCache<ReaderNewsletterState>(10_000);

function serialize(row: SharedIssueRow): SharedIssue {
  // Lists carry no bodies; the mapper leaves them out unless asked.
  const fields = { ...row, issue: { ...row.issue, bodyHtml: null, bodyPlain: null } };
  return {
    issueId: row.issue.id,
    newsletterId: row.newsletter.id,
    date: row.issue.publishedAt,
    fields,
    json: {
      unfollowed: JSON.stringify(toSharedEmailDto({ ...fields, subscribed: false })),
      followed: JSON.stringify(toSharedEmailDto({ ...fields, subscribed: true })),
    },
  };
}

/** The shared form of these issues, in the given order, those no longer public or delivered left out. */
async function sharedIssues(issueIds: number[]): Promise<SharedIssue[]> {
  const byId = new Map((await findSharedIssues(issueIds)).map((row) => [row.issue.id, serialize(row)]));
  return issueIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * `{items}` with each issue as the user's own email when they have one (own: issue id -> email id), else
 * in its shared form with the user's own likes, favourite and read of it (actions, by issue id).
 */
async function itemsJson(
  userId: number,
  issueIds: number[],
  own: Map<number, number>,
  shared: Map<number, SharedIssue>,
  followed: (newsletterId: number) => boolean,
  actions: Map<number, CopylessActions>,
): Promise<string> {
  const ownJson = new Map<number, string>();
  for (const row of await findEmailRows(userId, [...own.values()])) ownJson.set(row.email.issueId, JSON.stringify(toEmailDto(row)));
  const items = issueIds.flatMap((id) => {
    const mine = ownJson.get(id);
    if (mine) return [mine];
    const issue = shared.get(id);
    if (!issue) return [];
    const subscribed = followed(issue.newsletterId);
    const acted = actions.get(id);
    if (acted) return [JSON.stringify(toSharedEmailDto({ ...issue.fields, subscribed, ...acted }))];
    return [subscribed ? issue.json.followed : issue.json.unfollowed];
  });
  return `{"items":[${items.join(",")}]}`;
}

/** The most engaged issues of public newsletters this week; the ranking may be a minute old, visibility never is. */
export async function trendingIssuesJson(userId: number): Promise<string> {
  const [stamp, ranked] = await Promise.all([currentChangeStamp(), rankedIds("issues", () => findTrendingIssueIds(TRENDING_LIMIT))]);
  const issues = await sharedIssueLists.get(`trending:${ranked.join(",")}`, stamp, () => sharedIssues(ranked));
  const issueIds = issues.map((issue) => issue.issueId);
  const newsletterIds = [...new Set(issues.map((issue) => issue.newsletterId))];
  const reader = await readerIssueStates.get(`${userId}:${issueIds.join(",")}`, stamp, () =>
    findReaderIssueState(userId, issueIds, newsletterIds),
  );
  const shared = new Map(issues.map((issue) => [issue.issueId, issue]));
  return itemsJson(userId, issueIds, reader.own, shared, (newsletterId) => reader.followed.has(newsletterId), reader.actions);
}

async function recentSharedIssues(newsletterId: number): Promise<SharedIssue[]> {
  return sharedIssues((await findRecentIssueRefs(newsletterId, RECENT_LIMIT)).map((ref) => ref.issueId));
}

/** Up to ten, newest first: the user's own emails of the newsletter, and the public newsletter's other issues. */
export async function recentIssuesJson(userId: number, newsletterId: number): Promise<string> {
  const stamp = await currentChangeStamp();
  const isPublic = (await publicNewsletterJson(newsletterId, stamp)) !== null;
  const [visible, reader, issues] = await Promise.all([
    isPublic || canSeeNewsletter(userId, newsletterId),
    readerNewsletterStates.get(`${userId}:${newsletterId}`, stamp, () => findReaderNewsletterState(userId, newsletterId, RECENT_LIMIT)),
    isPublic ? sharedIssueLists.get(`recent:${newsletterId}`, stamp, () => recentSharedIssues(newsletterId)) : [],
  ]);
  if (!visible) throw new NotFoundError("Newsletter not found");
  const newest = new Map<number, IssueRef>();
  for (const ref of [...reader.ownRefs, ...issues]) if (!newest.has(ref.issueId)) newest.set(ref.issueId, ref);
  const issueIds = [...newest.values()]
    .sort((left, right) => right.date.getTime() - left.date.getTime() || right.issueId - left.issueId)
    .slice(0, RECENT_LIMIT)
    .map((ref) => ref.issueId);
  // Without an own email of this newsletter (confirmations aside) the reader has no copy of any of its issues.
  const own = reader.ownRefs.length > 0 ? await findOwnEmailsOfIssues(userId, issueIds) : new Map<number, number>();
  const shared = new Map(issues.map((issue) => [issue.issueId, issue]));
  return itemsJson(userId, issueIds, own, shared, () => reader.followed, reader.actions);
}
