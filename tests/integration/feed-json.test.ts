import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { getDb } from "@/db/client";
import { email, emailFavorite, folder, folderEmail, newsletter, share } from "@/db/schema";
import { toEmailDto } from "@/lib/issues/dto";
import { findEmailRows } from "@/lib/issues/repo";
import { registerUser, useDatabase } from "../support/api";
import { seedComment, seedEmail, seedLike, seedNewsletter, seedRead } from "../support/seed";

useDatabase();

// Every value PostgreSQL must write as JSON.stringify does: quotes, backslashes, control characters, line
// and paragraph separators, astral characters, HTML, and nulls.
const AWKWARD = 'He said "hi" \\ back\u0001\u001f\t\n\r\b\f \u2028\u2029 😀 <b>&amp;</b> ünïcødé';

describe("the feed's Emails, written by PostgreSQL", () => {
  it("are the very JSON text JSON.stringify writes of toEmailDto's Emails", async () => {
    const reader = await registerUser("Json Reader");
    const plain = await seedNewsletter({ name: AWKWARD });
    await getDb().update(newsletter).set({ websiteUrl: null, logoUrl: "https://cdn.example/logo.png" }).where(eq(newsletter.id, plain));
    const everything = await seedEmail(reader.id, { newsletterId: plain, subject: AWKWARD, senderName: AWKWARD, wordCount: 0 });
    const bare = await seedEmail(reader.id, { subject: "Bare", wordCount: 401, kind: "confirmation" });
    const long = await seedEmail(reader.id, { subject: "Long", wordCount: 12_345, dateReceived: new Date("2001-02-03T04:05:06.789Z") });
    // Microseconds, as now() stores them: both forms keep the milliseconds only.
    await getDb()
      .update(email)
      .set({
        summary: AWKWARD,
        senderEmail: null,
        thumbnailUrl: "https://cdn.example/a.png?x=1&y=2",
        isForwarded: true,
        confirmationUrl: "https://letter.example/confirm?t=1",
        dateReceived: new Date("2024-12-31T23:59:59.999Z"),
      })
      .where(eq(email.id, everything.id));
    await getDb().execute(sql`update email set date_received = '2020-06-01 12:34:56.123456+00' where id = ${bare.id}`);
    await getDb().delete(share).where(eq(share.emailId, bare.id));
    await seedLike(reader.id, everything, new Date("2025-01-01T00:00:00.5Z"));
    await getDb().insert(emailFavorite).values({ emailId: everything.id, userId: reader.id, issueId: everything.issueId });
    await seedRead(reader.id, everything);
    await seedComment(reader.id, everything);
    await seedComment(reader.id, everything);
    const folders = await getDb()
      .insert(folder)
      .values([
        { userId: reader.id, name: "Second" },
        { userId: reader.id, name: "First" },
      ])
      .returning({ id: folder.id });
    for (const { id } of folders.reverse()) await getDb().insert(folderEmail).values({ folderId: id, emailId: everything.id });

    const ids = [everything.id, bare.id, long.id];
    const expected = (await findEmailRows(reader.id, ids)).map((row) => toEmailDto(row));
    for (const query of ["", "?sort_by=subject&sort_order=asc", "?read_status=all&kind=confirmation", "?search=back"]) {
      const response = await getFeed(
        new Request(new URL(`/api/issues/feed${query}`, process.env.APP_URL), { headers: { cookie: reader.cookie } }),
      );
      expect(response.status).toBe(200);
      const text = await response.text();
      const page = JSON.parse(text) as { items: { id: number }[]; total_items: number };
      expect(page.items.length).toBeGreaterThan(0);
      const dtos = page.items.map((item) => expected.find((entry) => entry.id === item.id));
      expect(text).toBe(JSON.stringify({ ...page, items: dtos }));
    }
  });
});
