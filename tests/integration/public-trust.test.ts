// First: it sets the inbound secret before the environment is read.
import { deliver, mail } from "./inbound-support";
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { email, newsletter, session, user } from "@/db/schema";
import { runAdmin } from "@/lib/admin";
import { considerForPublic } from "@/lib/newsletters/public-review";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { signMail } from "../support/dkim";

useDatabase();

// What ANOTHER reader can see of a newsletter that arrived by mail (docs/contract.md 7.2, issue 28): nothing,
// until readers one person cannot fake receive it signed and an operator approves it.
type Email = { id: number; issue_id: number; newsletter_id: number; comment_count: number };
const DAY = 86_400_000;

async function routes() {
  return {
    newsletter: (await import("@/app/api/newsletters/[newsletterId]/route")).GET,
    recent: (await import("@/app/api/newsletters/[newsletterId]/recent_issues/route")).GET,
    trending: (await import("@/app/api/issues/trending/route")).GET,
    trendingNewsletters: (await import("@/app/api/newsletters/trending/route")).GET,
    search: (await import("@/app/api/newsletters/search/route")).GET,
    issue: (await import("@/app/api/issues/[emailId]/route")).GET,
    interactions: (await import("@/app/api/issues/[emailId]/interactions/route")).PUT,
    comments: await import("@/app/api/issues/[emailId]/comments/route"),
  };
}

/** A newsletter only this test sends, with a name discovery search can find. */
function newsletterSender() {
  const tag = randomBytes(4).toString("hex");
  return { name: `Quokka Dispatch ${tag}`, from: `Quokka Dispatch ${tag} <letters@quokka-${tag}.example.org>`, tag };
}

/** Mail signed for its From domain, as a publisher (or a spammer on their own domain) sends it. */
async function receive(reader: TestUser, from: string, subject: string): Promise<Email> {
  const raw = mail({
    to: reader.unique_email,
    from,
    subject,
    messageId: `<${subject.replace(/\s/g, ".")}.${reader.id}@quokka.example.org>`,
  });
  const delivered = await deliver(await signMail(raw));
  expect(delivered.status).toBe(202);
  const id = (delivered.body as { emails: number[] }).emails[0];
  const { issue } = await routes();
  return (await call(issue, `/api/issues/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } })).body as Email;
}

/** An account as the rule sees it: its age, whether it read something, the address its sessions came from. */
async function shape(reader: TestUser, options: { ageDays: number; address: string; read: Email }) {
  const { interactions } = await routes();
  const read = await call(interactions, `/api/issues/${options.read.id}/interactions`, {
    method: "PUT",
    cookie: reader.cookie,
    params: { emailId: String(options.read.id) },
    body: { is_read: true, read_duration_seconds: 30 },
  });
  expect(read.status).toBe(200);
  await getDb()
    .update(user)
    .set({ createdAt: new Date(Date.now() - options.ageDays * DAY) })
    .where(eq(user.id, reader.id));
  await getDb().update(session).set({ ipAddress: options.address }).where(eq(session.userId, reader.id));
}

/** When these copies arrived, for the rule's account age and daily cap. */
async function receivedDaysAgo(emailIds: number[], days: number) {
  await getDb()
    .update(email)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(inArray(email.id, emailIds));
}

async function seenBy(other: TestUser, newsletterId: number, name: string, issueEmailId: number) {
  const r = await routes();
  const opts = (params: Record<string, string> = {}) => ({ cookie: other.cookie, params });
  const page = await call(r.newsletter, `/api/newsletters/${newsletterId}`, opts({ newsletterId: String(newsletterId) }));
  const recent = await call(r.recent, `/api/newsletters/${newsletterId}/recent_issues`, opts({ newsletterId: String(newsletterId) }));
  const trending = (await call(r.trending, "/api/issues/trending", opts())).body as { items: Email[] };
  const trendingLetters = (await call(r.trendingNewsletters, "/api/newsletters/trending", opts())).body as { items: { id: number }[] };
  const search = (await call(r.search, `/api/newsletters/search?q=${encodeURIComponent(name)}`, opts())).body as {
    items: { id: number }[];
  };
  const issue = await call(r.issue, `/api/issues/${issueEmailId}`, opts({ emailId: String(issueEmailId) }));
  const thread = await call(r.comments.GET, `/api/issues/${issueEmailId}/comments`, opts({ emailId: String(issueEmailId) }));
  return {
    page: page.status,
    recent: recent.status,
    recentItems: recent.status === 200 ? (recent.body as { items: Email[] }).items.length : 0,
    inTrending: trending.items.some((item) => item.newsletter_id === newsletterId),
    inTrendingNewsletters: trendingLetters.items.some((item) => item.id === newsletterId),
    inSearch: search.items.some((item) => item.id === newsletterId),
    issue: issue.status,
    thread: thread.status,
  };
}

const HIDDEN = {
  page: 404,
  recent: 404,
  recentItems: 0,
  inTrending: false,
  inTrendingNewsletters: false,
  inSearch: false,
  issue: 404,
  thread: 404,
};

async function newsletterRow(id: number) {
  const [row] = await getDb().select().from(newsletter).where(eq(newsletter.id, id));
  return row;
}

describe("a newsletter that arrives by mail, as another reader sees it", () => {
  it("stays hidden when three accounts from one address receive it, comment on it and like it", async () => {
    const sender = newsletterSender();
    const accounts = [await registerUser("Sock One"), await registerUser("Sock Two"), await registerUser("Sock Three")];
    const copies: Email[] = [];
    for (const account of accounts) copies.push(await receive(account, sender.from, `Buy now ${sender.tag}`));
    for (const [index, account] of accounts.entries()) await shape(account, { ageDays: 30, address: "203.0.113.7", read: copies[index] });
    expect(new Set(copies.map((copy) => copy.newsletter_id)).size).toBe(1);
    const { comments, interactions } = await routes();
    for (const [index, account] of accounts.entries()) {
      const at = { cookie: account.cookie, params: { emailId: String(copies[index].id) } };
      expect(
        (await call(comments.POST, `/api/issues/${copies[index].id}/comments`, { ...at, method: "POST", body: { content: "Great deal" } }))
          .status,
      ).toBe(201);
      await call(interactions, `/api/issues/${copies[index].id}/interactions`, { ...at, method: "PUT", body: { is_liked: true } });
    }
    await considerForPublic([copies[0].newsletter_id]);

    const row = await newsletterRow(copies[0].newsletter_id);
    expect(row).toMatchObject({ isPublic: false, publicReview: null });
    const fourth = await registerUser("Fourth Reader");
    expect(await seenBy(fourth, copies[0].newsletter_id, sender.name, copies[0].id)).toEqual(HIDDEN);
    expect(row.recipientCount).toBe(3);
  });

  it("shows no reader another's comment or username on an issue of a newsletter not yet public that they both received", async () => {
    const sender = newsletterSender();
    const [first, second] = [await registerUser("Commenting Reader"), await registerUser("Quiet Reader")];
    const mine = await receive(first, sender.from, `Shared edition ${sender.tag}`);
    const theirs = await receive(second, sender.from, `Shared edition ${sender.tag}`);
    expect(theirs.issue_id).toBe(mine.issue_id);
    const { comments, issue } = await routes();
    const posted = await call(comments.POST, `/api/issues/${mine.id}/comments`, {
      method: "POST",
      cookie: first.cookie,
      params: { emailId: String(mine.id) },
      body: { content: "Only mine to see" },
    });
    expect(posted.status).toBe(201);

    const thread = await call(comments.GET, `/api/issues/${theirs.id}/comments`, {
      cookie: second.cookie,
      params: { emailId: String(theirs.id) },
    });
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).not.toContain(first.username);
    expect((thread.body as { items: unknown[] }).items).toEqual([]);
    const copy = (await call(issue, `/api/issues/${theirs.id}`, { cookie: second.cookie, params: { emailId: String(theirs.id) } }))
      .body as Email;
    expect(copy.comment_count).toBe(0);
    const own = await call(comments.GET, `/api/issues/${mine.id}/comments`, { cookie: first.cookie, params: { emailId: String(mine.id) } });
    expect((own.body as { items: { owner: { username: string } }[] }).items.map((item) => item.owner.username)).toEqual([first.username]);
  });

  it("goes before an operator once independent readers receive it signed, no faster than the cap, and is public only once approved", async () => {
    const sender = newsletterSender();
    const readers = [await registerUser("Reader Ann"), await registerUser("Reader Bo"), await registerUser("Reader Cy")];
    const copies: Email[] = [];
    for (const reader of readers) copies.push(await receive(reader, sender.from, `Weekly ${sender.tag}`));
    for (const [index, reader] of readers.entries())
      await shape(reader, { ageDays: 40, address: `198.51.100.${10 + index}`, read: copies[index] });
    const newsletterId = copies[0].newsletter_id;
    const fourth = await registerUser("Fourth Reader");

    expect(new Set(copies.map((copy) => copy.newsletter_id)).size).toBe(1);
    expect(
      await getDb()
        .select({ verified: email.senderVerified })
        .from(email)
        .where(
          inArray(
            email.id,
            copies.map((copy) => copy.id),
          ),
        ),
    ).toEqual(copies.map(() => ({ verified: true })));

    // All on one day: a new newsletter rises by at most two readers a day.
    await considerForPublic([newsletterId]);
    expect(await newsletterRow(newsletterId)).toMatchObject({ isPublic: false, publicReview: null });

    // An account made for the purpose (two days old when the mail came) is no reader of its own.
    await receivedDaysAgo([copies[0].id], 2);
    await getDb()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(user.id, readers[0].id));
    await considerForPublic([newsletterId]);
    expect(await newsletterRow(newsletterId)).toMatchObject({ isPublic: false, publicReview: null });

    await getDb()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(user.id, readers[0].id));
    await considerForPublic([newsletterId]);
    expect(await newsletterRow(newsletterId)).toMatchObject({ isPublic: false, publicReview: "pending" });
    expect(await seenBy(fourth, newsletterId, sender.name, copies[0].id)).toEqual(HIDDEN);

    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
    expect(await runAdmin(["newsletters", "pending"], io)).toBe(0);
    expect(lines.some((line) => line.startsWith(`${newsletterId}\t${sender.name}`))).toBe(true);
    expect(await runAdmin(["newsletters", "approve", String(newsletterId)], io)).toBe(0);
    expect(await newsletterRow(newsletterId)).toMatchObject({ isPublic: true, publicReview: "approved" });

    const seen = await seenBy(fourth, newsletterId, sender.name, copies[0].id);
    expect(seen).toMatchObject({ page: 200, recent: 200, recentItems: 1, inSearch: true, issue: 200, thread: 200 });

    expect(await runAdmin(["newsletters", "reject", String(newsletterId)], io)).toBe(0);
    expect(await seenBy(fourth, newsletterId, sender.name, copies[0].id)).toEqual(HIDDEN);
  });

  it("answers the operator's mistakes in one line", async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
    expect(await runAdmin(["newsletters", "approve", "999999999"], io)).toBe(1);
    expect(await runAdmin(["newsletters", "approve", "soon"], io)).toBe(2);
    const [catalog] = await getDb()
      .insert(newsletter)
      .values({ source: "catalog", name: "Trust Catalog", isPublic: true, catalogKey: `trust-${randomBytes(4).toString("hex")}` })
      .returning();
    expect(await runAdmin(["newsletters", "reject", String(catalog.id)], io)).toBe(1);
    expect(lines).toEqual([
      "ERR Newsletter not found",
      expect.stringMatching(/^ERR A newsletter id is a positive whole number\. Commands: /),
      "ERR Catalog newsletters are always public",
    ]);
  });
});
