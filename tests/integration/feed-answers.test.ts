import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { email, folder, folderEmail, newsletter, newsletterCategory, readingProgress, subscription } from "@/db/schema";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedCategory, seedComment, seedEmail, seedLike, seedNewsletter, seedSubscription } from "../support/seed";

// A process keeps the feed answers it sent (lib/issues/feed-answers.ts) and answers them again while the
// database's change stamps say nothing they show has changed. Every change below is written as any
// writer would (another instance, a job, a command, plain SQL): the next answer must show it.

useDatabase();

type Item = {
  id: number;
  subject: string;
  is_liked: boolean;
  like_count: number;
  comment_count: number;
  is_favorited: boolean;
  folder_ids: number[];
  read_progress: number | null;
  newsletter_metadata: { newsletter_name: string };
};
type Page = { items: Item[]; total_items: number };

const feed = async (reader: TestUser, query = "") => {
  const result = await call(getFeed, `/api/issues/feed${query}`, { cookie: reader.cookie });
  expect(result.status).toBe(200);
  return result.body as Page;
};

describe("kept feed answers", () => {
  let reader: TestUser;
  let other: TestUser;
  let letter: number;
  let first: { id: number; issueId: number };

  beforeEach(async () => {
    reader = await registerUser("Kept Reader");
    other = await registerUser("Other Reader");
    letter = await seedNewsletter({ name: "Kept Letter", isPublic: true });
    await seedSubscription(reader.id, letter, "active");
    first = await seedEmail(reader.id, { newsletterId: letter, subject: "First issue" });
  });

  it("answers an unchanged feed as it was, until something in it changes", async () => {
    expect((await feed(reader)).items.map((item) => item.subject)).toEqual(["First issue"]);
    // A write the change triggers do not see (replication): the kept answer stands, so it was kept.
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(email).set({ subject: "Renamed unseen" }).where(eq(email.id, first.id));
    });
    expect((await feed(reader)).items.map((item) => item.subject)).toEqual(["First issue"]);
    await seedEmail(reader.id, { newsletterId: letter, subject: "Second issue" });
    const page = await feed(reader);
    expect(page.items.map((item) => item.subject)).toEqual(["Second issue", "Renamed unseen"]);
    expect(page.total_items).toBe(2);
  });

  it("shows a new email, a changed one and a deleted one", async () => {
    await feed(reader);
    const second = await seedEmail(reader.id, { newsletterId: letter, subject: "Second issue" });
    expect((await feed(reader)).items.map((item) => item.subject)).toEqual(["Second issue", "First issue"]);
    await getDb().update(email).set({ subject: "First, corrected" }).where(eq(email.id, first.id));
    expect((await feed(reader)).items.map((item) => item.subject)).toEqual(["Second issue", "First, corrected"]);
    await getDb().delete(email).where(eq(email.id, second.id));
    const page = await feed(reader);
    expect(page.items.map((item) => item.subject)).toEqual(["First, corrected"]);
    expect(page.total_items).toBe(1);
  });

  it("shows the reader's own like and favourite", async () => {
    const act = (body: Record<string, boolean>) =>
      call(interact, `/api/issues/${first.id}/interactions`, {
        method: "PUT",
        cookie: reader.cookie,
        body,
        params: { emailId: String(first.id) },
      });
    await feed(reader);
    expect((await act({ is_liked: true })).status).toBe(200);
    expect((await feed(reader)).items[0]).toMatchObject({ is_liked: true, like_count: 1 });
    expect((await act({ is_favorited: true })).status).toBe(200);
    expect((await feed(reader)).items[0]).toMatchObject({ is_liked: true, is_favorited: true });
  });

  it("counts another reader's like and comment on the same issue", async () => {
    const theirs = await seedEmail(other.id, { newsletterId: letter, issueId: first.issueId, subject: "First issue" });
    expect((await feed(reader)).items[0]).toMatchObject({ like_count: 0, comment_count: 0 });
    await seedLike(other.id, theirs);
    expect((await feed(reader)).items[0]).toMatchObject({ is_liked: false, like_count: 1 });
    await seedComment(other.id, theirs);
    expect((await feed(reader)).items[0]).toMatchObject({ like_count: 1, comment_count: 1 });
    // Other readers' comments count only on a public newsletter's issue.
    await getDb().update(newsletter).set({ isPublic: false }).where(eq(newsletter.id, letter));
    expect((await feed(reader)).items[0]).toMatchObject({ comment_count: 0 });
  });

  it("shows a newsletter's new name and a category it joins", async () => {
    const category = await seedCategory();
    expect((await feed(reader, `?category_id=${category}`)).items).toEqual([]);
    expect((await feed(reader)).items[0]!.newsletter_metadata.newsletter_name).toBe("Kept Letter");
    await getDb().update(newsletter).set({ name: "Renamed Letter" }).where(eq(newsletter.id, letter));
    expect((await feed(reader)).items[0]!.newsletter_metadata.newsletter_name).toBe("Renamed Letter");
    await getDb().insert(newsletterCategory).values({ newsletterId: letter, categoryId: category });
    expect((await feed(reader, `?category_id=${category}`)).items.map((item) => item.subject)).toEqual(["First issue"]);
  });

  it("leaves out a newsletter muted since, and follows a folder's emails and name", async () => {
    const [filed] = await getDb().insert(folder).values({ userId: reader.id, name: "Keep" }).returning({ id: folder.id });
    const search = `?search=${encodeURIComponent("folder:Later")}`;
    expect((await feed(reader, search)).items).toEqual([]);
    await getDb().insert(folderEmail).values({ folderId: filed!.id, emailId: first.id });
    expect((await feed(reader)).items[0]!.folder_ids).toEqual([filed!.id]);
    await getDb().update(folder).set({ name: "Later" }).where(eq(folder.id, filed!.id));
    expect((await feed(reader, search)).items.map((item) => item.subject)).toEqual(["First issue"]);
    await getDb().delete(folder).where(eq(folder.id, filed!.id));
    expect((await feed(reader)).items[0]!.folder_ids).toEqual([]);
    await getDb().update(subscription).set({ muted: true }).where(eq(subscription.userId, reader.id));
    expect((await feed(reader)).items).toEqual([]);
  });

  it("shows reading progress saved since", async () => {
    expect((await feed(reader)).items[0]!.read_progress).toBeNull();
    await getDb().insert(readingProgress).values({ userId: reader.id, emailId: first.id, fraction: 0.5 });
    expect((await feed(reader)).items[0]!.read_progress).toBe(0.5);
  });

  // PGlite is one connection: no other transaction can hold the rows there.
  it.skipIf(!process.env.DATABASE_URL)(
    "notes a change while another transaction holds the reader's stamp rows, past four rows by waiting",
    async () => {
      await feed(reader);
      const holder = new Client({ connectionString: process.env.DATABASE_URL });
      await holder.connect();
      const hold = async () => {
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM feed_change WHERE user_id = $1 FOR UPDATE", [reader.id]);
      };
      const rename = (subject: string) => getDb().update(email).set({ subject }).where(eq(email.id, first.id));
      const notWithin = (ms: number) => new Promise((resolve) => setTimeout(() => resolve("waiting"), ms));
      try {
        // Under four rows a writer adds one rather than wait.
        for (const subject of ["Renamed once", "Renamed twice", "Renamed thrice"]) {
          await hold();
          expect(await Promise.race([rename(subject).then(() => "written"), notWithin(5_000)])).toBe("written");
          await holder.query("ROLLBACK");
          expect((await feed(reader)).items[0]!.subject).toBe(subject);
        }
        const { rows } = await holder.query<{ count: number }>("SELECT count(*)::int AS count FROM feed_change WHERE user_id = $1", [
          reader.id,
        ]);
        expect(rows[0]!.count).toBe(4);
        // With four it waits for the first, and its change still shows.
        await hold();
        // Started once: each then() of a query builder runs its statement again.
        const written = rename("Renamed after a wait").then(() => "written");
        expect(await Promise.race([written, notWithin(300)])).toBe("waiting");
        await holder.query("COMMIT");
        expect(await written).toBe("written");
        expect((await feed(reader)).items[0]!.subject).toBe("Renamed after a wait");
      } finally {
        await holder.end();
      }
    },
  );

  it("keeps each reader's answer apart, and one reader's change leaves another's answer kept", async () => {
    await seedEmail(other.id, { newsletterId: letter, subject: "Their issue" });
    expect((await feed(other)).items.map((item) => item.subject)).toEqual(["Their issue"]);
    expect((await feed(reader)).items.map((item) => item.subject)).toEqual(["First issue"]);
    await seedEmail(reader.id, { newsletterId: letter, subject: "Reader's second" });
    expect((await feed(reader)).items.map((item) => item.subject)).toEqual(["Reader's second", "First issue"]);
    expect((await feed(other)).items.map((item) => item.subject)).toEqual(["Their issue"]);
  });
});
