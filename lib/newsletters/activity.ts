import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import { comment, emailLike, emailRead, issue, newsletter, subscription } from "@/db/schema";

const TRENDING_DAYS = 7;

/**
 * How much one action counts towards trending: a comment or a new follower says more than a like,
 * a like more than a read.
 */
const POINTS = { subscription: 3, comment: 3, like: 2, read: 1 } as const;

const since = () => sql`now() - make_interval(days => ${TRENDING_DAYS})`;
const points = (value: number) => sql<number>`${sql.raw(String(value))}::int`.as("points");

/** Every like, read and comment of the last week, one row each, with its points, keyed by issue. */
export function recentIssueActivity() {
  const db = getDb();
  return unionAll(
    db
      .select({ issueId: emailLike.issueId, points: points(POINTS.like) })
      .from(emailLike)
      .where(gte(emailLike.createdAt, since())),
    db
      .select({ issueId: emailRead.issueId, points: points(POINTS.read) })
      .from(emailRead)
      .where(gte(emailRead.lastReadAt, since())),
    db
      .select({ issueId: comment.issueId, points: points(POINTS.comment) })
      .from(comment)
      .where(gte(comment.createdAt, since())),
  ).as("issue_activity");
}

/** The week's engagement on a newsletter's issues plus the followers it gained, keyed by newsletter. */
export function recentNewsletterActivity() {
  const db = getDb();
  const onIssues = recentIssueActivity();
  return unionAll(
    db
      .select({ newsletterId: issue.newsletterId, points: onIssues.points })
      .from(onIssues)
      .innerJoin(issue, eq(issue.id, onIssues.issueId)),
    db
      .select({ newsletterId: subscription.newsletterId, points: points(POINTS.subscription) })
      .from(subscription)
      .where(and(eq(subscription.status, "active"), gte(subscription.subscribedAt, since()))),
  ).as("newsletter_activity");
}

/** Discovery shows public newsletters only; written bare so the partial indexes on is_public apply. */
export const isPublic = sql`${newsletter.isPublic}`;
