// First: it sets the inbound secret before anything reads the environment.
import { deliver, emailRow, mail, newsletterRow, uniqueSender } from "./inbound-support";
import { randomBytes } from "node:crypto";
import { describe, expect, it, onTestFinished } from "vitest";
import { GET as trendingIssues } from "@/app/api/issues/trending/route";
import { GET as getNewsletter } from "@/app/api/newsletters/[newsletterId]/route";
import { GET as recentIssues } from "@/app/api/newsletters/[newsletterId]/recent_issues/route";
import { GET as byCategory } from "@/app/api/newsletters/category/[categoryId]/route";
import { GET as featured } from "@/app/api/newsletters/featured/route";
import { GET as recommended } from "@/app/api/newsletters/recommended/route";
import { GET as search } from "@/app/api/newsletters/search/route";
import { decideReview } from "@/lib/newsletters/public-review";
import { GET as trending } from "@/app/api/newsletters/trending/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { signMail } from "../support/dkim";
import { removeUsers, seedCategory, seedLike, seedNewsletter, seedSubscription } from "../support/seed";

useDatabase();

type Listed = { items: { id: number; issue_id?: number; newsletter_id?: number }[] };

async function listedIds(user: TestUser, handler: typeof featured, path: string, params?: Record<string, string>): Promise<number[]> {
  const result = await call(handler, path, { cookie: user.cookie, params });
  expect(result.status, path).toBe(200);
  return (result.body as Listed).items.map((item) => item.newsletter_id ?? item.id);
}

/** Where one newsletter shows up for one reader, across every discovery call. */
async function sightings(user: TestUser, newsletterId: number, categoryId: number, name: string) {
  const id = String(newsletterId);
  const lists = {
    featured: await listedIds(user, featured, "/api/newsletters/featured"),
    trending: await listedIds(user, trending, "/api/newsletters/trending"),
    recommended: await listedIds(user, recommended, "/api/newsletters/recommended"),
    category: await listedIds(user, byCategory, `/api/newsletters/category/${categoryId}`, { categoryId: String(categoryId) }),
    search: await listedIds(user, search, `/api/newsletters/search?q=${encodeURIComponent(name)}`),
    trendingIssues: await listedIds(user, trendingIssues, "/api/issues/trending"),
  };
  return {
    detail: (await call(getNewsletter, `/api/newsletters/${id}`, { cookie: user.cookie, params: { newsletterId: id } })).status,
    recentIssues: (await call(recentIssues, `/api/newsletters/${id}/recent_issues`, { cookie: user.cookie, params: { newsletterId: id } }))
      .status,
    listedIn: Object.entries(lists)
      .filter(([, ids]) => ids.includes(newsletterId))
      .map(([list]) => list),
  };
}

describe("a newsletter created from mail", () => {
  it("stays out of every discovery list and answers 404 to others until three readers receive it and an operator approves it", async () => {
    const [first, second, third, outsider] = [await registerUser(), await registerUser(), await registerUser(), await registerUser()];
    onTestFinished(() => removeUsers([first.id, second.id, third.id, outsider.id]));
    const name = `Quillfeather ${randomBytes(4).toString("hex")}`;
    const sender = `${name} <${uniqueSender()}>`;
    const topic = await seedCategory();
    const shared = await seedNewsletter({ isPublic: true });
    await seedSubscription(outsider.id, shared, "active");

    const receive = async (reader: TestUser, day: number) => {
      const stored = (
        await deliver(
          await signMail(
            mail({ to: reader.unique_email, from: sender, subject: `Edition ${day}`, date: `Tue, 0${day} Mar 2022 10:00:00 +0000` }),
          ),
        )
      ).body as { emails: number[] };
      return emailRow(stored.emails[0]!);
    };
    const received = await receive(first, 1);
    const newsletterId = received.newsletterId;
    const { getDb } = await import("@/db/client");
    const { newsletterCategory } = await import("@/db/schema");
    await getDb().insert(newsletterCategory).values({ newsletterId, categoryId: topic });
    await seedLike(first.id, received);
    await seedSubscription(first.id, newsletterId, "active");
    await seedSubscription(first.id, shared, "active");

    expect(await sightings(outsider, newsletterId, topic, name)).toEqual({ detail: 404, recentIssues: 404, listedIn: [] });
    expect(await sightings(first, newsletterId, topic, name)).toEqual({ detail: 200, recentIssues: 200, listedIn: [] });

    await receive(second, 2);
    expect((await newsletterRow(newsletterId)).isPublic).toBe(false);
    expect(await sightings(outsider, newsletterId, topic, name)).toEqual({ detail: 404, recentIssues: 404, listedIn: [] });
    expect((await sightings(second, newsletterId, topic, name)).detail).toBe(200);

    await receive(third, 3);
    expect((await newsletterRow(newsletterId)).isPublic).toBe(false);
    expect(await sightings(outsider, newsletterId, topic, name)).toEqual({ detail: 404, recentIssues: 404, listedIn: [] });
    await decideReview(newsletterId, "approved");
    expect((await newsletterRow(newsletterId)).isPublic).toBe(true);
    const seen = await sightings(outsider, newsletterId, topic, name);
    expect(seen).toMatchObject({ detail: 200, recentIssues: 200 });
    expect(seen.listedIn).toEqual(expect.arrayContaining(["recommended", "category", "search"]));
    expect(seen.listedIn).not.toContain("featured");
  });

  it("shows its public issues to a reader who received none, and only once an operator made it public", async () => {
    const readers = [await registerUser(), await registerUser(), await registerUser()];
    const outsider = await registerUser();
    const sender = `Open Almanac <${uniqueSender()}>`;
    const emailIds: number[] = [];
    let newsletterId = 0;
    const recentForOutsider = () =>
      call(recentIssues, `/api/newsletters/${newsletterId}/recent_issues`, {
        cookie: outsider.cookie,
        params: { newsletterId: String(newsletterId) },
      });
    for (const reader of readers) {
      const stored = (
        await deliver(
          await signMail(mail({ to: reader.unique_email, from: sender, subject: "The almanac", date: "Tue, 01 Mar 2022 10:00:00 +0000" })),
        )
      ).body as { emails: number[] };
      emailIds.push(stored.emails[0]!);
      newsletterId = (await emailRow(stored.emails[0]!)).newsletterId;
      expect((await recentForOutsider()).status).toBe(404);
    }
    await decideReview(newsletterId, "approved");
    const result = await recentForOutsider();
    expect(result.status).toBe(200);
    const items = (result.body as { items: Record<string, unknown>[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: emailIds[0],
      newsletter_id: newsletterId,
      subject: "The almanac",
      is_liked: false,
      is_read: false,
      folder_ids: [],
      public_share_id: null,
    });
    expect(JSON.stringify(items[0])).not.toMatch(/paperboy\.localhost/);
  });
});
