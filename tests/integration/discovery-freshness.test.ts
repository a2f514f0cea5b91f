import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "@/db/client";
import { newsletter } from "@/db/schema";
import { GET as trendingIssues } from "@/app/api/issues/trending/route";
import { GET as getNewsletter } from "@/app/api/newsletters/[newsletterId]/route";
import { GET as recentIssues } from "@/app/api/newsletters/[newsletterId]/recent_issues/route";
import { GET as byCategory } from "@/app/api/newsletters/category/[categoryId]/route";
import { GET as featured } from "@/app/api/newsletters/featured/route";
import { GET as recommended } from "@/app/api/newsletters/recommended/route";
import { GET as search } from "@/app/api/newsletters/search/route";
import { POST as subscribe } from "@/app/api/newsletters/subscribe/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { removeUsers, seedCategory, seedComment, seedEmail, seedLike, seedNewsletter, seedSubscription } from "../support/seed";

useDatabase();

// Discovery answers are kept between requests: each of these asks once, changes the database the
// way another process would (or through the API), and asks again.

type Listed = {
  items: { id: number; issue_id?: number; name?: string; like_count?: number; comment_count?: number; is_subscribed?: boolean }[];
};

const ids = async (user: TestUser, handler: typeof featured, path: string, params?: Record<string, string>) => {
  const result = await call(handler, path, { cookie: user.cookie, params });
  expect(result.status, path).toBe(200);
  return (result.body as Listed).items.map((item) => item.id);
};
const mostFollowedEver = () => Math.floor((Date.now() - 1_700_000_000_000) / 100);

describe("cached discovery answers", () => {
  it("show a newsletter as soon as it becomes public, in every list, search and its details", async () => {
    const user = await registerUser();
    const topic = await seedCategory();
    const name = `Halcyon Dispatch ${randomBytes(3).toString("hex")}`;
    const id = await seedNewsletter({ name, isFeatured: true, totalSubscribers: mostFollowedEver(), categoryIds: [topic] });
    const where = async () => ({
      featured: (await ids(user, featured, "/api/newsletters/featured")).includes(id),
      category: (await ids(user, byCategory, `/api/newsletters/category/${topic}`, { categoryId: String(topic) })).includes(id),
      search: (await ids(user, search, `/api/newsletters/search?q=${encodeURIComponent(name)}`)).includes(id),
      detail: (await call(getNewsletter, `/api/newsletters/${id}`, { cookie: user.cookie, params: { newsletterId: String(id) } })).status,
    });
    expect(await where()).toEqual({ featured: false, category: false, search: false, detail: 404 });
    await getDb().update(newsletter).set({ isPublic: true }).where(eq(newsletter.id, id));
    expect(await where()).toEqual({ featured: true, category: true, search: true, detail: 200 });
    await getDb().update(newsletter).set({ isPublic: false }).where(eq(newsletter.id, id));
    expect(await where()).toEqual({ featured: false, category: false, search: false, detail: 404 });
  });

  it("show a newsletter's new name and follower count at once", async () => {
    const user = await registerUser();
    const id = await seedNewsletter({ name: `Before ${randomBytes(3).toString("hex")}`, isPublic: true });
    const detail = async () =>
      (await call(getNewsletter, `/api/newsletters/${id}`, { cookie: user.cookie, params: { newsletterId: String(id) } })).body;
    expect(await detail()).toMatchObject({ total_subscribers: 0 });
    await getDb().update(newsletter).set({ name: "After", totalSubscribers: 7 }).where(eq(newsletter.id, id));
    expect(await detail()).toMatchObject({ name: "After", total_subscribers: 7 });
  });

  it("stop recommending a newsletter the moment I follow it", async () => {
    const me = await registerUser();
    const famous = await seedNewsletter({ isPublic: true, totalSubscribers: mostFollowedEver() });
    expect(await ids(me, recommended, "/api/newsletters/recommended")).toContain(famous);
    const result = await call(subscribe, "/api/newsletters/subscribe", {
      method: "POST",
      cookie: me.cookie,
      body: { newsletter_metadata_id: famous },
    });
    expect(result.status).toBe(200);
    expect(await ids(me, recommended, "/api/newsletters/recommended")).not.toContain(famous);
  });

  it("count new likes and comments on trending issues at once, and show my follow to me only", async () => {
    const [viewer, other, first, second] = [await registerUser(), await registerUser(), await registerUser(), await registerUser()];
    onTestFinished(() => removeUsers([viewer.id, other.id, first.id, second.id]));
    const letter = await seedNewsletter({ isPublic: true });
    const hot = await seedEmail(first.id, { newsletterId: letter });
    const copy = await seedEmail(second.id, { newsletterId: letter, issueId: hot.issueId });
    for (let like = 0; like < 40; like++) await seedComment(first.id, hot);
    const trendingItem = async (user: TestUser) => {
      const result = await call(trendingIssues, "/api/issues/trending", { cookie: user.cookie });
      return (result.body as Listed).items.find((item) => item.issue_id === hot.issueId);
    };
    expect(await trendingItem(viewer)).toMatchObject({ like_count: 0, comment_count: 40, is_subscribed: false });
    await seedLike(second.id, copy);
    await seedComment(second.id, copy);
    await seedSubscription(viewer.id, letter, "active");
    expect(await trendingItem(viewer)).toMatchObject({ like_count: 1, comment_count: 41, is_subscribed: true });
    expect(await trendingItem(other)).toMatchObject({ like_count: 1, comment_count: 41, is_subscribed: false });
  });

  it("list a public newsletter's new issue in its recent issues at once", async () => {
    const [reader, publisher] = [await registerUser(), await registerUser()];
    const letter = await seedNewsletter({ isPublic: true });
    const recent = async () => {
      const result = await call(recentIssues, `/api/newsletters/${letter}/recent_issues`, {
        cookie: reader.cookie,
        params: { newsletterId: String(letter) },
      });
      return (result.body as Listed).items.map((item) => item.issue_id);
    };
    const older = await seedEmail(publisher.id, { newsletterId: letter, dateReceived: new Date(Date.now() - 60_000) });
    expect(await recent()).toEqual([older.issueId]);
    const newer = await seedEmail(publisher.id, { newsletterId: letter });
    expect(await recent()).toEqual([newer.issueId, older.issueId]);
  });
});
