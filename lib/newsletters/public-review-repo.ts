import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, emailRead, newsletter, session, user } from "@/db/schema";

/** One reader of a newsletter's verified mail, with what says whether their account is its own person. */
export type VerifiedReader = {
  userId: number;
  accountCreatedAt: Date;
  firstVerifiedAt: Date;
  active: boolean;
  addresses: string[];
};

// Enough readers to decide; a newsletter with more is decided on these.
const READER_LIMIT = 500;

/** The readers (not disabled) who received this newsletter's issues with a passing sender signature, earliest first. */
export async function findVerifiedReaders(newsletterId: number): Promise<VerifiedReader[]> {
  const rows = await getDb()
    .select({
      userId: email.userId,
      accountCreatedAt: user.createdAt,
      firstVerifiedAt: sql<Date>`min(${email.createdAt})`.mapWith((value: string | Date) => new Date(value)),
      active: sql<boolean>`exists (select 1 from ${emailRead} where ${emailRead.userId} = ${email.userId})`.mapWith(Boolean),
      addresses: sql<
        string[]
      >`array(select distinct ${session.ipAddress} from ${session} where ${session.userId} = ${email.userId} and ${session.ipAddress} is not null)`,
    })
    .from(email)
    .innerJoin(user, eq(user.id, email.userId))
    .where(and(eq(email.newsletterId, newsletterId), eq(email.senderVerified, true), eq(email.kind, "issue"), isNull(user.disabledAt)))
    .groupBy(email.userId, user.createdAt)
    .orderBy(sql`min(${email.createdAt})`)
    .limit(READER_LIMIT);
  return rows;
}

export type ReviewRow = Pick<
  typeof newsletter.$inferSelect,
  "id" | "name" | "source" | "isPublic" | "publicReview" | "publicReviewAt" | "senderDomain" | "recipientCount" | "createdAt"
>;

const reviewColumns = {
  id: newsletter.id,
  name: newsletter.name,
  source: newsletter.source,
  isPublic: newsletter.isPublic,
  publicReview: newsletter.publicReview,
  publicReviewAt: newsletter.publicReviewAt,
  senderDomain: newsletter.senderDomain,
  recipientCount: newsletter.recipientCount,
  createdAt: newsletter.createdAt,
};

export async function findReviewRow(newsletterId: number): Promise<ReviewRow | undefined> {
  const [row] = await getDb().select(reviewColumns).from(newsletter).where(eq(newsletter.id, newsletterId));
  return row;
}

/** Puts a private mail-created newsletter no operator has decided on in the review queue; false when it was not one. */
export async function markPendingReview(newsletterId: number): Promise<boolean> {
  const rows = await getDb()
    .update(newsletter)
    .set({ publicReview: "pending", publicReviewAt: sql`now()` })
    .where(
      and(eq(newsletter.id, newsletterId), eq(newsletter.source, "mail"), eq(newsletter.isPublic, false), isNull(newsletter.publicReview)),
    )
    .returning({ id: newsletter.id });
  return rows.length > 0;
}

export async function findPendingReviews(): Promise<ReviewRow[]> {
  return getDb()
    .select(reviewColumns)
    .from(newsletter)
    .where(eq(newsletter.publicReview, "pending"))
    .orderBy(asc(newsletter.publicReviewAt), asc(newsletter.id));
}

/** An operator's decision on a mail-created newsletter: approved makes it public, rejected keeps (or makes) it private. */
export async function updateReview(newsletterId: number, decision: "approved" | "rejected"): Promise<ReviewRow | undefined> {
  const [row] = await getDb()
    .update(newsletter)
    .set({ publicReview: decision, publicReviewAt: sql`now()`, isPublic: decision === "approved" })
    .where(and(eq(newsletter.id, newsletterId), eq(newsletter.source, "mail")))
    .returning(reviewColumns);
  return row;
}

export type NewsletterCounts = { catalog: number; public_from_mail: number; private: number; pending_review: number };

export async function countNewsletters(): Promise<NewsletterCounts> {
  const [row] = await getDb()
    .select({
      catalog: sql<number>`count(*) filter (where ${newsletter.source} = 'catalog')::int`,
      public_from_mail: sql<number>`count(*) filter (where ${newsletter.source} = 'mail' and ${newsletter.isPublic})::int`,
      private: sql<number>`count(*) filter (where not ${newsletter.isPublic})::int`,
      pending_review: sql<number>`count(*) filter (where ${newsletter.publicReview} = 'pending')::int`,
    })
    .from(newsletter);
  return row;
}
