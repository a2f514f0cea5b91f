import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { comment, digestSend, email as emailTable, emailFavorite, emailLike, emailRead, folderEmail, newsletter } from "@/db/schema";
import { findExportFolderEmailIds } from "@/lib/account/export-repo";
import { findComment, insertComment } from "@/lib/comments/repo";
import { deleteDigestSend, findDigestEmails, insertDigestSend, updateDigestSent } from "@/lib/digest/repo";
import { deleteBlockedSender, findBlockedSenders, insertBlockedSender } from "@/lib/control/repo";
import { findFeedEmails, findFeedFolder, findFeedNewsletters } from "@/lib/feeds/repo";
import { deleteFolder, deleteFolderEmail, findFolder, insertFolder, insertFolderEmail } from "@/lib/folders/repo";
import {
  deleteFavorites,
  findItemRefs,
  findItems,
  findSubscriptions,
  insertFavorites,
  insertReads,
  markStreamRead,
  type StreamFilter,
} from "@/lib/greader/repo";
import { findImport, holdsMessage, insertImport } from "@/lib/imports/repo";
import { markEmailsUnread } from "@/lib/issues/feed-repo";
import { findEmail, findEmailRows, findReadableIssue, setFavorited, setLiked, setRead } from "@/lib/issues/repo";
import { findOwnEmailsOfIssues, findPublicIssues, findReaderNewsletterState } from "@/lib/issues/shared-repo";
import { findVisibleNewsletter } from "@/lib/newsletters/discovery-repo";
import { deleteToken, findTokens, insertToken } from "@/lib/tokens/repo";
import { deleteSavedSearch, findSavedSearches, insertSavedSearch } from "@/lib/searches/repo";
import { findSubscription, findSubscriptionTo, findVisibleNewsletterIds } from "@/lib/subscriptions/repo";
import { countMatching, deleteRule, findOwnFolderIds, findRule, findRules, insertRule, updateRule } from "@/lib/rules/repo";
import { deleteWebhook, findDeliveries, findWebhooks, insertWebhook } from "@/lib/webhooks/repo";
import { registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedRead, seedSubscription } from "../support/seed";

useDatabase();

// Every repo function that reads or writes a reader's rows by id carries the owner into its SQL: called
// with another reader's ids it finds nothing and changes nothing, whatever its caller forgot to check.
describe("repo functions filter by owner in SQL", () => {
  let owner: TestUser;
  let other: TestUser;
  let mail: { id: number; issueId: number; newsletterId: number };
  let second: { id: number; issueId: number; newsletterId: number };

  beforeAll(async () => {
    [owner, other] = [await registerUser(), await registerUser()];
    // A private newsletter only the owner receives.
    mail = await seedEmail(owner.id, { subject: "Owner's first" });
    second = await seedEmail(owner.id, { subject: "Owner's second", newsletterId: mail.newsletterId });
  });

  it("reads the owner's emails and issues for the owner alone", async () => {
    expect((await findEmailRows(owner.id, [second.id, mail.id])).map((row) => row.email.subject)).toEqual([
      "Owner's second",
      "Owner's first",
    ]);
    expect(await findEmailRows(other.id, [mail.id, second.id])).toEqual([]);
    expect((await findEmail(owner.id, mail.id))?.email.bodyPlain).toBeDefined();
    expect(await findEmail(other.id, mail.id)).toBeUndefined();

    expect(await findReadableIssue(owner.id, mail.id)).toEqual({
      issueId: mail.issueId,
      newsletterId: mail.newsletterId,
      ownEmailId: mail.id,
    });
    expect(await findReadableIssue(other.id, mail.id)).toBeUndefined();
    expect(await findOwnEmailsOfIssues(other.id, [mail.issueId])).toEqual(new Map());
    expect((await findReaderNewsletterState(other.id, mail.newsletterId, 10)).ownRefs).toEqual([]);
    expect(await findPublicIssues(other.id, [mail.issueId])).toEqual([]);
    expect(await findVisibleNewsletter(other.id, mail.newsletterId)).toBeUndefined();
    expect(await findVisibleNewsletterIds(other.id, [mail.newsletterId])).toEqual([]);
    expect(await findFeedNewsletters(other.id, mail.newsletterId)).toEqual([]);
  });

  it("writes no like, favourite or read of another reader's email, nor of a private issue without a copy", async () => {
    const likesBefore = await newsletterLikes(mail.newsletterId);
    for (const target of [
      { id: mail.id, issueId: mail.issueId, newsletterId: mail.newsletterId },
      { id: null, issueId: mail.issueId, newsletterId: mail.newsletterId },
    ]) {
      await setLiked(other.id, target, true);
      await setFavorited(other.id, target, true);
      await setRead(other.id, target, true, 30);
    }
    for (const table of [emailLike, emailFavorite, emailRead]) {
      expect(await getDb().select().from(table).where(eq(table.issueId, mail.issueId))).toEqual([]);
    }
    expect(await newsletterLikes(mail.newsletterId)).toEqual(likesBefore);

    // The owner's own writes still land.
    await setLiked(owner.id, { id: mail.id, issueId: mail.issueId, newsletterId: mail.newsletterId }, true);
    expect(await getDb().select().from(emailLike).where(eq(emailLike.emailId, mail.id))).toHaveLength(1);
    await setLiked(owner.id, { id: mail.id, issueId: mail.issueId, newsletterId: mail.newsletterId }, false);
  });

  it("forgets no read of another reader's email", async () => {
    await seedRead(owner.id, second);
    expect(await markEmailsUnread(other.id, [second.id])).toEqual([]);
    expect(await getDb().select().from(emailRead).where(eq(emailRead.emailId, second.id))).toHaveLength(1);
  });

  it("files no comment under another reader's email and reads no one else's comment by id", async () => {
    expect(await insertComment(other.id, { issueId: mail.issueId, emailId: mail.id, content: "Not mine." })).toBeUndefined();
    expect(await getDb().select().from(comment).where(eq(comment.issueId, mail.issueId))).toEqual([]);
    const id = await insertComment(owner.id, { issueId: mail.issueId, emailId: mail.id, content: "Mine." });
    expect((await findComment(owner.id, id!))?.content).toBe("Mine.");
    expect(await findComment(other.id, id!)).toBeUndefined();
  });

  it("keeps folders, blocked senders, subscriptions, feeds, imports and exports to their owner", async () => {
    const folder = (await insertFolder(owner.id, "Keepers"))!;
    expect(await insertFolderEmail(owner.id, folder.id, mail.id)).toBe(true);
    const otherFolder = (await insertFolder(other.id, "Mine"))!;
    expect(await findFolder(other.id, folder.id)).toBeUndefined();
    expect(await findFeedFolder(other.id, folder.id)).toBeUndefined();
    expect(await findFeedEmails(other.id, { scope: "folder", id: folder.id })).toEqual([]);
    expect(await findExportFolderEmailIds(other.id, folder.id, 0)).toEqual([]);
    expect(await insertFolderEmail(other.id, folder.id, mail.id)).toBe(false);
    expect(await insertFolderEmail(other.id, otherFolder.id, mail.id)).toBe(false);
    expect(await deleteFolderEmail(other.id, folder.id, mail.id)).toBe(false);
    expect(await deleteFolder(other.id, folder.id)).toBe(false);
    expect(await getDb().select().from(folderEmail).where(eq(folderEmail.emailId, mail.id))).toEqual([
      expect.objectContaining({ folderId: folder.id }),
    ]);

    const blocked = (await insertBlockedSender(owner.id, "noisy@sender.example"))!;
    expect(await deleteBlockedSender(other.id, blocked.id)).toBe(false);
    expect(await findBlockedSenders(owner.id)).toEqual([expect.objectContaining({ id: blocked.id })]);

    await seedSubscription(owner.id, mail.newsletterId, "active");
    const subscription = (await findSubscriptionTo(owner.id, mail.newsletterId))!;
    expect(await findSubscription(other.id, subscription.id)).toBeUndefined();
    expect(await findSubscriptionTo(other.id, mail.newsletterId)).toBeUndefined();

    const upload = await insertImport(owner.id, "mbox", 10, "owner-test-upload");
    expect(await findImport(other.id, upload.id)).toBeUndefined();
    const [{ messageKey }] = await getDb().select({ messageKey: emailTable.messageKey }).from(emailTable).where(eq(emailTable.id, mail.id));
    expect(await holdsMessage(owner.id, messageKey)).toBe(true);
    expect(await holdsMessage(other.id, messageKey)).toBe(false);
  });

  it("keeps access tokens to their owner", async () => {
    const token = (await insertToken(owner.id, { name: "Owner's script", scope: "write", tokenHash: randomUUID() }, 50))!;
    expect(await findTokens(other.id)).toEqual([]);
    expect(await deleteToken(other.id, token.id)).toBe(false);
    expect(await findTokens(owner.id)).toEqual([expect.objectContaining({ id: token.id, name: "Owner's script" })]);
  });

  it("keeps saved searches to their owner", async () => {
    const saved = (await insertSavedSearch(owner.id, { name: "Unread", query: "is:unread" }, 50))!;
    expect(await findSavedSearches(other.id)).toEqual([]);
    expect(await deleteSavedSearch(other.id, saved.id)).toBe(false);
    expect(await findSavedSearches(owner.id)).toEqual([expect.objectContaining({ id: saved.id, name: "Unread" })]);
  });

  it("keeps webhooks and their deliveries to their owner", async () => {
    const hook = (await insertWebhook(
      owner.id,
      { url: "https://93.184.216.34/owner", events: ["email.received"], secretSealed: "sealed" },
      10,
    ))!;
    expect(await findWebhooks(other.id)).toEqual([]);
    expect(await findDeliveries(other.id, hook.id, 20)).toBeUndefined();
    expect(await deleteWebhook(other.id, hook.id)).toBe(false);
    expect(await findDeliveries(owner.id, hook.id, 20)).toEqual([]);
    expect(await findWebhooks(owner.id)).toEqual([expect.objectContaining({ id: hook.id, url: "https://93.184.216.34/owner" })]);
  });

  it("keeps rules, and the mail they match, to their owner", async () => {
    const folder = (await insertFolder(owner.id, `Rules ${randomUUID()}`))!;
    const values = {
      name: "Owner's rule",
      enabled: true,
      match: "all" as const,
      conditions: [{ field: "subject" as const, op: "contains" as const, value: "owner's" }],
      actions: [{ type: "mark_read" as const }],
    };
    const rule = (await insertRule(owner.id, values, 100))!;
    expect(await findRules(other.id)).toEqual([]);
    expect(await findRule(other.id, rule.id)).toBeUndefined();
    expect(await updateRule(other.id, rule.id, { enabled: false }, 0)).toBeUndefined();
    expect(await deleteRule(other.id, rule.id)).toBe(false);
    expect(await findOwnFolderIds(other.id, [folder.id])).toEqual(new Set());
    expect(await countMatching(other.id, values)).toBe(0);
    expect(await countMatching(owner.id, values)).toBeGreaterThan(0);
    expect(await findRule(owner.id, rule.id)).toMatchObject({ enabled: true });
  });

  it("keeps digests to their owner", async () => {
    const window = { since: new Date(Date.now() - 3_600_000), until: new Date() };
    expect((await findDigestEmails(other.id, window, 50)).total).toBe(0);
    expect((await findDigestEmails(owner.id, window, 50)).total).toBeGreaterThan(0);
    const claim = (await insertDigestSend(owner.id, `now:${randomUUID()}`))!;
    await updateDigestSent(other.id, claim, { status: "sent", emailCount: 9 });
    await deleteDigestSend(other.id, claim);
    const [row] = await getDb().select({ status: digestSend.status }).from(digestSend).where(eq(digestSend.id, claim));
    expect(row).toEqual({ status: "queued" });
  });

  it("keeps the Google Reader API's items, reads and stars to their owner", async () => {
    const feed: StreamFilter = { stream: { kind: "feed", newsletterId: mail.newsletterId }, include: [], exclude: [] };
    const fresh = await seedEmail(owner.id, { newsletterId: mail.newsletterId });
    expect(await findItemRefs(other.id, feed, { limit: 10, oldestFirst: false })).toEqual([]);
    expect(await findItems(other.id, [fresh.id])).toEqual([]);
    expect(await findSubscriptions(other.id)).toEqual([]);
    await insertReads(other.id, [fresh.id]);
    await insertFavorites(other.id, [fresh.id]);
    await markStreamRead(other.id, feed);
    expect(await findItems(owner.id, [fresh.id])).toMatchObject([{ isRead: false, starred: false }]);
    await insertFavorites(owner.id, [fresh.id]);
    await deleteFavorites(other.id, [fresh.id]);
    expect(await findItems(owner.id, [fresh.id])).toMatchObject([{ starred: true }]);
  });
});

async function newsletterLikes(newsletterId: number) {
  const [row] = await getDb()
    .select({ likes: newsletter.totalLikes, readSeconds: newsletter.totalReadTimeSeconds })
    .from(newsletter)
    .where(eq(newsletter.id, newsletterId));
  return row;
}
