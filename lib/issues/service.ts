import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { addReaderTotals } from "@/lib/newsletters/totals-service";
import { pagedJson, pagedList, toEmailDto, toSharedEmailDto, type EmailDto } from "./dto";
import { keptFeedJson } from "./feed-answers";
import { findFeedPage, markEmailsUnread, markFeedRead } from "./feed-repo";
import {
  findActivityPage,
  findEmail,
  findEmailRows,
  findOwnEmailIds,
  findReadableIssue,
  setFavorited,
  setLiked,
  setRead,
  type Activity,
} from "./repo";
import { upsertReadingProgress } from "./progress-repo";
import { findPublicIssues } from "./shared-repo";
import type { EmailIdsInput, FeedFilters, FeedQuery, InteractionInput, PageQuery, ReadProgressInput } from "./schemas";

/**
 * The feed's page as JSON text: PostgreSQL writes each Email (dto.ts), which spares the server's thread, and
 * an answer sent before is sent again while nothing it shows has changed (feed-answers.ts).
 */
export async function listFeedJson(userId: number, query: FeedQuery): Promise<string> {
  return keptFeedJson(
    userId,
    query,
    () => findFeedPage(userId, query),
    ({ items, total }) =>
      pagedJson(
        items.map((row) => row.item),
        total,
        query.page,
        query.page_size,
      ),
  );
}

/** Mark all read: `updated` counts what changed, and `email_ids` names it, for an undo. */
export async function markAllRead(userId: number, filters: FeedFilters): Promise<{ updated: number; email_ids: number[] }> {
  const emailIds = await markFeedRead(userId, filters);
  return { updated: emailIds.length, email_ids: emailIds };
}

/** Undoes a mark all read: these emails of the user become unread again (other users' ids change nothing). */
export async function markUnread(userId: number, input: EmailIdsInput): Promise<{ updated: number; email_ids: number[] }> {
  const emailIds = await markEmailsUnread(userId, [...new Set(input.email_ids)]);
  return { updated: emailIds.length, email_ids: emailIds };
}

/** Own emails as they are; public issues acted on without a copy in their shared form with the user's fields. */
export async function listActivity(userId: number, activity: Activity, page: PageQuery) {
  const { entries, total } = await findActivityPage(userId, activity, page);
  const issueIds = entries.flatMap((entry) => ("issueId" in entry ? [entry.issueId] : []));
  const shared = new Map((await findPublicIssues(userId, issueIds, { withBodies: false })).map((row) => [row.issue.id, row]));
  const items = entries.flatMap((entry) => {
    if ("row" in entry) return [toEmailDto(entry.row)];
    const issue = shared.get(entry.issueId);
    return issue ? [toSharedEmailDto(issue)] : [];
  });
  return pagedList(items, total, page.page, page.page_size);
}

/**
 * The issue behind an email the user may read (their own, or any reader's copy of a public newsletter's
 * issue) and their own copy of it, if any: what other domains (comments) hang their rows on.
 */
export async function readableIssue(
  userId: number,
  emailId: number,
): Promise<{ issueId: number; newsletterId: number; ownEmailId: number | null }> {
  const found = await findReadableIssue(userId, emailId);
  if (!found) throw new NotFoundError("Email not found");
  return found;
}

/**
 * The user's own email, or another reader's email of an issue of a public newsletter (what trending
 * and recent issues list) in its shared form: the issue's de-personalized content, the user's own fields.
 */
export async function getEmail(userId: number, emailId: number): Promise<EmailDto> {
  const own = await findEmail(userId, emailId);
  if (own) return toEmailDto(own, { withBodies: true });
  const readable = await readableIssue(userId, emailId);
  if (readable.ownEmailId !== null) return getEmail(userId, readable.ownEmailId);
  const [shared] = await findPublicIssues(userId, [readable.issueId]);
  if (!shared) throw new NotFoundError("Email not found");
  return toSharedEmailDto({ ...shared, emailId }, { withBodies: true });
}

/** A page of the user's own emails after `afterId`, in id order, with their bodies (exports walk the library with it). */
export async function listOwnEmailsWithBodies(userId: number, afterId: number, limit: number): Promise<EmailDto[]> {
  const ids = await findOwnEmailIds(userId, afterId, limit);
  return (await findEmailRows(userId, ids, { withBodies: true })).map((row) => toEmailDto(row, { withBodies: true }));
}

/** Acts on the user's own copy of the issue, or, on a public issue they hold none of, on the issue itself. */
export async function updateInteraction(userId: number, emailId: number, input: InteractionInput): Promise<EmailDto> {
  const readable = await readableIssue(userId, emailId);
  const target = { id: readable.ownEmailId, issueId: readable.issueId, newsletterId: readable.newsletterId };
  if ("is_liked" in input) {
    if (await setLiked(userId, target, input.is_liked)) await addReaderTotals(target.newsletterId, { likes: input.is_liked ? 1 : -1 });
  } else if ("is_favorited" in input) await setFavorited(userId, target, input.is_favorited);
  else if (await setRead(userId, target, input.is_read, input.read_duration_seconds))
    await addReaderTotals(target.newsletterId, { readSeconds: input.read_duration_seconds });
  return getEmail(userId, emailId);
}

/**
 * Keeps the reader's place in their copy of the issue; opened through another reader's copy of a public
 * issue, in their own copy if they have one. Progress lives on copies only: a public issue they hold
 * none of has nowhere to keep it, and is not found.
 */
export async function saveReadProgress(userId: number, emailId: number, input: ReadProgressInput): Promise<void> {
  if (await upsertReadingProgress(userId, emailId, input.fraction)) return;
  const { ownEmailId } = await readableIssue(userId, emailId);
  if (ownEmailId === null || !(await upsertReadingProgress(userId, ownEmailId, input.fraction))) throw new NotFoundError("Email not found");
}
