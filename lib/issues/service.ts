import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { pagedList, toEmailDto, type EmailDto } from "./dto";
import { findActivityPage, findEmail, findFeedPage, findOwnEmailRef, setFavorited, setLiked, setRead, type Activity } from "./repo";
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

export async function getEmail(userId: number, emailId: number): Promise<EmailDto> {
  const row = await findEmail(userId, emailId);
  if (!row) throw new NotFoundError("Email not found");
  return toEmailDto(row, { withBodies: true });
}

export async function updateInteraction(userId: number, emailId: number, input: InteractionInput): Promise<EmailDto> {
  const ref = await findOwnEmailRef(userId, emailId);
  if (!ref) throw new NotFoundError("Email not found");
  if ("is_liked" in input) await setLiked(userId, ref, input.is_liked);
  else if ("is_favorited" in input) await setFavorited(userId, ref, input.is_favorited);
  else await setRead(userId, ref, input.is_read, input.read_duration_seconds);
  return getEmail(userId, emailId);
}
