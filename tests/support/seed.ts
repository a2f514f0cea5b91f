import { randomBytes, randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  category,
  comment,
  email,
  emailLike,
  emailRead,
  issue,
  newsletter,
  newsletterCategory,
  share,
  subscription,
  user,
} from "@/db/schema";

type NewsletterSeed = {
  name?: string;
  categoryIds?: number[];
  isPublic?: boolean;
  publisher?: string;
  description?: string;
  isFeatured?: boolean;
  totalSubscribers?: number;
};

export async function seedNewsletter(seed: NewsletterSeed = {}): Promise<number> {
  const [row] = await getDb()
    .insert(newsletter)
    .values({
      source: "mail",
      name: seed.name ?? `Letter ${randomUUID().slice(0, 6)}`,
      websiteUrl: "https://letter.example",
      isPublic: seed.isPublic ?? false,
      publisher: seed.publisher,
      description: seed.description,
      isFeatured: seed.isFeatured ?? false,
      totalSubscribers: seed.totalSubscribers ?? 0,
    })
    .returning({ id: newsletter.id });
  for (const categoryId of seed.categoryIds ?? []) await getDb().insert(newsletterCategory).values({ newsletterId: row!.id, categoryId });
  return row!.id;
}

export async function seedCategory(name = `Category ${randomUUID().slice(0, 6)}`): Promise<number> {
  const [row] = await getDb()
    .insert(category)
    .values({ slug: name.toLowerCase().replace(/\W+/g, "-"), name, emoji: "📰" })
    .returning({ id: category.id });
  return row!.id;
}

type EmailSeed = {
  newsletterId?: number;
  issueId?: number;
  subject?: string;
  senderName?: string;
  bodyPlain?: string;
  wordCount?: number;
  dateReceived?: Date;
  kind?: "issue" | "confirmation";
};

/** A moment `days` days before now, for dates received and sent. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Files one email straight into a user's inbox, as inbound mail would, with a share id. */
export async function seedEmail(userId: number, seed: EmailSeed = {}): Promise<{ id: number; issueId: number; newsletterId: number }> {
  const newsletterId = seed.newsletterId ?? (await seedNewsletter());
  const subject = seed.subject ?? `Issue ${randomUUID().slice(0, 6)}`;
  const dateReceived = seed.dateReceived ?? new Date();
  const issueId =
    seed.issueId ??
    (
      await getDb()
        .insert(issue)
        .values({
          newsletterId,
          fingerprint: randomUUID(),
          subject,
          senderName: seed.senderName ?? "Sender",
          publishedAt: dateReceived,
          bodyPlain: seed.bodyPlain ?? "Hello",
          wordCount: seed.wordCount ?? 100,
        })
        .returning({ id: issue.id })
    )[0]!.id;
  const [row] = await getDb()
    .insert(email)
    .values({
      userId,
      issueId,
      newsletterId,
      messageKey: randomUUID(),
      subject,
      senderName: seed.senderName ?? "Sender",
      senderEmail: "sender@letter.example",
      summary: "A summary.",
      bodyHtml: `<p>${seed.bodyPlain ?? "Hello"}</p>`,
      bodyPlain: seed.bodyPlain ?? "Hello",
      wordCount: seed.wordCount ?? 100,
      dateReceived,
      kind: seed.kind ?? "issue",
    })
    .returning({ id: email.id });
  await getDb()
    .insert(share)
    .values({ shareId: randomBytes(18).toString("base64url"), emailId: row!.id, userId });
  return { id: row!.id, issueId, newsletterId };
}

export async function seedSubscription(userId: number, newsletterId: number, status: "active" | "inactive"): Promise<void> {
  await getDb()
    .insert(subscription)
    .values({ userId, newsletterId, status, subscribedAt: status === "active" ? new Date() : null })
    .onConflictDoUpdate({ target: [subscription.userId, subscription.newsletterId], set: { status } });
}

type SeededEmail = { id: number; issueId: number };

/** A like on the user's own email, `at` the time it was given. */
export async function seedLike(userId: number, target: SeededEmail, at = new Date()): Promise<void> {
  await getDb().insert(emailLike).values({ emailId: target.id, userId, issueId: target.issueId, createdAt: at });
}

export async function seedRead(userId: number, target: SeededEmail, at = new Date()): Promise<void> {
  await getDb().insert(emailRead).values({ emailId: target.id, userId, issueId: target.issueId, firstReadAt: at, lastReadAt: at });
}

export async function seedComment(userId: number, target: SeededEmail, at = new Date()): Promise<void> {
  await getDb().insert(comment).values({ emailId: target.id, userId, issueId: target.issueId, content: "A comment.", createdAt: at });
}

/**
 * Deletes these users and, by cascade, their emails, likes, reads, comments and subscriptions: tests of
 * global rankings leave nothing behind to outrank the next run on a shared database.
 */
export async function removeUsers(userIds: number[]): Promise<void> {
  if (userIds.length > 0) await getDb().delete(user).where(inArray(user.id, userIds));
}
