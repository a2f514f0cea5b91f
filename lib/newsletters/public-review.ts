import "server-only";
import { ConflictError, NotFoundError } from "@/lib/api/errors";
import { logger } from "@/lib/observability/log";
import {
  countNewsletters,
  findPendingReviews,
  findReviewRow,
  findVerifiedReaders,
  markPendingReview,
  updateReview,
  type NewsletterCounts,
  type ReviewRow,
  type VerifiedReader,
} from "./public-review-repo";

/**
 * A mail-created newsletter is put before an operator once this many independent readers received its
 * signed mail (docs/contract.md 7.2): one person with several accounts is one reader, and so is an account made
 * for the purpose. Only an operator's approval (`npm run admin -- newsletters approve ID`) makes it public.
 */
const PUBLIC_AT_READERS = 3;
/** An account counts only if it was this old when the newsletter's first signed issue reached it. */
const MIN_ACCOUNT_AGE_DAYS = 3;
/** However many readers a new newsletter gains in a day, at most this many count towards public. */
const RISE_PER_DAY = 2;

const DAY = 86_400_000;

/**
 * How many independent readers these are: accounts old enough when the mail reached them, that have read
 * something, and that signed in from some address; accounts that share an address are one person; and
 * no day counts for more than RISE_PER_DAY of them.
 */
function independentReaders(readers: VerifiedReader[]): number {
  const eligible = readers.filter(
    (reader) =>
      reader.active &&
      reader.addresses.length > 0 &&
      reader.firstVerifiedAt.getTime() - reader.accountCreatedAt.getTime() >= MIN_ACCOUNT_AGE_DAYS * DAY,
  );
  const people = new Map<string, number>();
  const parent = eligible.map((_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index])));
  eligible.forEach((reader, index) => {
    for (const address of reader.addresses) {
      const seen = people.get(address);
      if (seen === undefined) people.set(address, index);
      else parent[root(index)] = root(seen);
    }
  });
  // Each person counts on the day their earliest account received the mail.
  const firstDay = new Map<number, number>();
  eligible.forEach((reader, index) => {
    const person = root(index);
    const day = Math.floor(reader.firstVerifiedAt.getTime() / DAY);
    firstDay.set(person, Math.min(firstDay.get(person) ?? day, day));
  });
  const perDay = new Map<number, number>();
  for (const day of firstDay.values()) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  return [...perDay.values()].reduce((sum, count) => sum + Math.min(count, RISE_PER_DAY), 0);
}

/**
 * After a filing: a private mail-created newsletter that enough independent readers now receive signed
 * goes to the operator's review queue. Never throws: filing is done, and the next filing asks again.
 */
export async function considerForPublic(newsletterIds: number[]): Promise<void> {
  for (const newsletterId of newsletterIds) {
    try {
      const row = await findReviewRow(newsletterId);
      if (!row || row.source !== "mail" || row.isPublic || row.publicReview !== null || row.recipientCount < PUBLIC_AT_READERS) continue;
      if (independentReaders(await findVerifiedReaders(newsletterId)) < PUBLIC_AT_READERS) continue;
      if (await markPendingReview(newsletterId))
        logger.info({ newsletter_id: newsletterId }, "Newsletter awaits review before it is public");
    } catch (error) {
      logger.error({ err: error, newsletter_id: newsletterId }, "Newsletter's public review could not be considered");
    }
  }
}

export type ReviewDto = {
  id: number;
  name: string;
  sender_domain: string | null;
  recipients: number;
  review: ReviewRow["publicReview"];
  review_at: string | null;
  is_public: boolean;
  created_at: string;
};

function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    id: row.id,
    name: row.name,
    sender_domain: row.senderDomain,
    recipients: row.recipientCount,
    review: row.publicReview,
    review_at: row.publicReviewAt ? new Date(row.publicReviewAt).toISOString() : null,
    is_public: row.isPublic,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export async function listPendingReviews(): Promise<ReviewDto[]> {
  return (await findPendingReviews()).map(toReviewDto);
}

/** An operator approves (public from now on) or rejects (kept private) a mail-created newsletter. */
export async function decideReview(newsletterId: number, decision: "approved" | "rejected"): Promise<ReviewDto> {
  const row = await findReviewRow(newsletterId);
  if (!row) throw new NotFoundError("Newsletter not found");
  if (row.source !== "mail") throw new ConflictError("Catalog newsletters are always public");
  const updated = await updateReview(newsletterId, decision);
  if (!updated) throw new NotFoundError("Newsletter not found");
  return toReviewDto(updated);
}

export function newsletterCounts(): Promise<NewsletterCounts> {
  return countNewsletters();
}
