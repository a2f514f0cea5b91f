import { describe, expect, it, onTestFinished } from "vitest";
import { GET as recommended } from "@/app/api/newsletters/recommended/route";
import { GET as trending } from "@/app/api/newsletters/trending/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { removeUsers, seedCategory, seedComment, seedEmail, seedLike, seedNewsletter, seedRead, seedSubscription } from "../support/seed";

useDatabase();

type Listed = { items: { id: number; total_subscribers: number; is_featured: boolean }[] };

const DAY = 86_400_000;
const listed = async (handler: typeof trending, path: string, user: TestUser) => {
  const result = await call(handler, path, { cookie: user.cookie });
  expect(result.status).toBe(200);
  return (result.body as Listed).items;
};
const only = (items: { id: number }[], ids: number[]) => items.map((item) => item.id).filter((id) => ids.includes(id));
// Tenths of a second since late 2023: more than any other test gives, and growing, so this run's beats earlier runs' on a shared database.
const mostFollowedEver = () => Math.floor((Date.now() - 1_700_000_000_000) / 100);

/** Public newsletters with any activity this week: the ones trending lists before it tops up. */
async function activeThisWeek(): Promise<number> {
  const { getDb } = await import("@/db/client");
  const { sql } = await import("drizzle-orm");
  const result = await getDb().execute<{ count: number }>(sql`
    select count(*)::int as count from newsletter n where n.is_public and (
      exists (select 1 from subscription s where s.newsletter_id = n.id and s.status = 'active' and s.subscribed_at >= now() - interval '7 days')
      or exists (select 1 from issue i where i.newsletter_id = n.id and (
        exists (select 1 from email_like l where l.issue_id = i.id and l.created_at >= now() - interval '7 days')
        or exists (select 1 from email_read r where r.issue_id = i.id and r.last_read_at >= now() - interval '7 days')
        or exists (select 1 from comment c where c.issue_id = i.id and c.created_at >= now() - interval '7 days'))))`);
  const rows = Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count ?? 0);
}

describe("GET /api/newsletters/trending", () => {
  it("ranks public newsletters by this week's follows and engagement, then tops up with the most followed", async () => {
    const viewer = await registerUser();
    const [first, second, third] = [await registerUser(), await registerUser(), await registerUser()];
    onTestFinished(() => removeUsers([viewer.id, first.id, second.id, third.id]));
    const busy = await seedNewsletter({ isPublic: true });
    const steady = await seedNewsletter({ isPublic: true, totalSubscribers: 5 });
    const stale = await seedNewsletter({ isPublic: true });
    const hidden = await seedNewsletter({ isPublic: false });
    const quiet = await seedNewsletter({ isPublic: true, totalSubscribers: mostFollowedEver() });

    const busyIssue = await seedEmail(first.id, { newsletterId: busy });
    const busyCopy = await seedEmail(second.id, { newsletterId: busy, issueId: busyIssue.issueId });
    await seedLike(first.id, busyIssue);
    await seedLike(second.id, busyCopy);
    await seedComment(second.id, busyCopy);
    await seedSubscription(third.id, steady, "active");
    await seedRead(first.id, await seedEmail(first.id, { newsletterId: steady }));
    const staleIssue = await seedEmail(first.id, { newsletterId: stale });
    await seedLike(first.id, staleIssue, new Date(Date.now() - 8 * DAY));
    await seedComment(first.id, staleIssue, new Date(Date.now() - 9 * DAY));
    for (const user of [first, second, third]) await seedLike(user.id, await seedEmail(user.id, { newsletterId: hidden }));

    const active = await activeThisWeek();
    const items = await listed(trending, "/api/newsletters/trending", viewer);
    expect(items.length).toBeLessThanOrEqual(20);
    expect(only(items, [busy, steady, hidden, quiet])).toEqual(active < 20 ? [busy, steady, quiet] : [busy, steady]);
    // Last week's likes and comments count for nothing: the stale newsletter can only come with the top-up, after the most followed.
    const position = items.map((item) => item.id);
    if (position.includes(stale)) expect(position.indexOf(stale)).toBeGreaterThan(position.indexOf(quiet));
  });
});

describe("GET /api/newsletters/recommended", () => {
  it("recommends what co-readers follow, then the most followed of my categories, never one I follow", async () => {
    const me = await registerUser();
    const [peer, otherPeer] = [await registerUser(), await registerUser()];
    onTestFinished(() => removeUsers([me.id, peer.id, otherPeer.id]));
    const topic = await seedCategory();
    const followed = await seedNewsletter({ isPublic: true, categoryIds: [topic] });
    const alsoFollowed = await seedNewsletter({ isPublic: true, categoryIds: [topic], totalSubscribers: 900 });
    const unconfirmed = await seedNewsletter({ isPublic: true, categoryIds: [topic], totalSubscribers: 40 });
    const sameTopic = await seedNewsletter({ isPublic: true, categoryIds: [topic], totalSubscribers: 5 });
    const privateInTopic = await seedNewsletter({ isPublic: false, categoryIds: [topic], totalSubscribers: 1000 });
    const bothFollow = await seedNewsletter({ isPublic: true });
    const oneFollows = await seedNewsletter({ isPublic: true, totalSubscribers: 300 });
    const privateCoFollowed = await seedNewsletter({ isPublic: false, totalSubscribers: 1000 });

    await seedSubscription(me.id, followed, "active");
    await seedSubscription(me.id, alsoFollowed, "active");
    await seedSubscription(me.id, unconfirmed, "inactive");
    for (const reader of [peer, otherPeer]) {
      await seedSubscription(reader.id, followed, "active");
      await seedSubscription(reader.id, bothFollow, "active");
      await seedSubscription(reader.id, privateCoFollowed, "active");
    }
    await seedSubscription(peer.id, oneFollows, "active");
    await seedSubscription(peer.id, alsoFollowed, "active");

    const items = await listed(recommended, "/api/newsletters/recommended", me);
    expect(items.slice(0, 4).map((item) => item.id)).toEqual([bothFollow, oneFollows, unconfirmed, sameTopic]);
    expect(only(items, [followed, alsoFollowed, privateInTopic, privateCoFollowed])).toEqual([]);
    expect(items.length).toBeLessThanOrEqual(20);
  });

  it("falls back to the most followed public newsletters for a reader who follows nothing else", async () => {
    const me = await registerUser();
    const famous = await seedNewsletter({ isPublic: true, totalSubscribers: mostFollowedEver() });
    const mine = await seedNewsletter({ isPublic: true, totalSubscribers: mostFollowedEver() + 1 });
    await seedSubscription(me.id, mine, "active");
    const items = await listed(recommended, "/api/newsletters/recommended", me);
    // Other suites may seed even more followed newsletters at the same moment on a shared database:
    // ours must come right after those, never after a less followed one.
    const position = items.findIndex((item) => item.id === famous);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(items.slice(0, position).every((item) => item.total_subscribers >= items[position]!.total_subscribers)).toBe(true);
    expect(only(items, [mine])).toEqual([]);
    // Featured newsletters, shown in a section of their own, may only fill the list's end.
    const followers = items.filter((item) => !item.is_featured).map((item) => item.total_subscribers);
    expect(followers).toEqual([...followers].sort((left, right) => right - left));
  });
});
