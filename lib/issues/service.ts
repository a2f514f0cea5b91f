import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { findOwnEmailsOfIssues, findPublicIssues } from "@/lib/newsletters/issues-repo";
import { pagedList, toEmailDto, toSharedEmailDto, type EmailDto } from "./dto";
import { findFeedPage } from "./feed-repo";
import { findActivityPage, findEmail, findEmailIssue, findOwnEmailRef, setFavorited, setLiked, setRead, type Activity } from "./repo";
import type { FeedQuery, InteractionInput, PageQuery } from "./schemas";

export async function listFeed(userId: number, query: FeedQuery) {
  const { rows, total } = await findFeedPage(userId, query);
  return pagedList(
    rows.map((row) => toEmailDto(row)),
    total,
    query.page,
    query.page_size,
  );
}

export async function listActivity(userId: number, activity: Activity, page: PageQuery) {
  const { rows, total } = await findActivityPage(userId, activity, page);
  return pagedList(
    rows.map((row) => toEmailDto(row)),
    total,
    page.page,
    page.page_size,
  );
}

/**
 * The user's own email, or another reader's email of an issue of a public newsletter (what trending
 * and recent issues list) in its shared form: the issue's de-personalized content, the user's own fields.
 */
export async function getEmail(userId: number, emailId: number): Promise<EmailDto> {
  const own = await findEmail(userId, emailId);
  if (own) return toEmailDto(own, { withBodies: true });
  const delivered = await findEmailIssue(emailId);
  if (!delivered || delivered.kind !== "issue") throw new NotFoundError("Email not found");
  const [ownCopy] = [...(await findOwnEmailsOfIssues(userId, [delivered.issueId])).values()];
  if (ownCopy !== undefined) return getEmail(userId, ownCopy);
  const [shared] = await findPublicIssues(userId, [delivered.issueId]);
  if (!shared) throw new NotFoundError("Email not found");
  return toSharedEmailDto({ ...shared, emailId }, { withBodies: true });
}

export async function updateInteraction(userId: number, emailId: number, input: InteractionInput): Promise<EmailDto> {
  const ref = await findOwnEmailRef(userId, emailId);
  if (!ref) throw new NotFoundError("Email not found");
  if ("is_liked" in input) await setLiked(userId, ref, input.is_liked);
  else if ("is_favorited" in input) await setFavorited(userId, ref, input.is_favorited);
  else await setRead(userId, ref, input.is_read, input.read_duration_seconds);
  return getEmail(userId, emailId);
}
