import { describe, expect, it, onTestFinished } from "vitest";
import { GET as featured } from "@/app/api/newsletters/featured/route";
import { GET as recommended } from "@/app/api/newsletters/recommended/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { removeUsers, seedCategory, seedEmail, seedLike, seedNewsletter, seedRead, seedSubscription } from "../support/seed";

useDatabase();

type Listed = { items: { id: number; is_featured: boolean; total_subscribers: number }[] };

const listed = async (handler: typeof recommended, path: string, user: TestUser) => {
  const result = await call(handler, path, { cookie: user.cookie });
  expect(result.status).toBe(200);
  return (result.body as Listed).items;
};
const only = (items: { id: number }[], ids: number[]) => items.map((item) => item.id).filter((id) => ids.includes(id));
// Tenths of a second since late 2023: more than any other test gives, so ours rank first among the most followed on a shared database.
const mostFollowedEver = () => Math.floor((Date.now() - 1_700_000_000_000) / 100);

describe("GET /api/newsletters/recommended", () => {
  it("recommends from the categories of what I like, follow and read, closest to my taste first, none I have or Featured shows", async () => {
    const me = await registerUser();
    onTestFinished(() => removeUsers([me.id]));
    const [likedTopic, followedTopic, readTopic] = [await seedCategory(), await seedCategory(), await seedCategory()];
    const liked = await seedNewsletter({ isPublic: true, categoryIds: [likedTopic] });
    const followed = await seedNewsletter({ isPublic: true, categoryIds: [followedTopic] });
    const read = await seedNewsletter({ isPublic: true, categoryIds: [readTopic] });
    await seedLike(me.id, await seedEmail(me.id, { newsletterId: liked }));
    await seedSubscription(me.id, followed, "active");
    await seedRead(me.id, await seedEmail(me.id, { newsletterId: read }));

    // Candidates: the more of my taste a newsletter shares, the earlier; followers only break ties.
    const likedAndRead = await seedNewsletter({ isPublic: true, categoryIds: [likedTopic, readTopic] });
    const inLiked = await seedNewsletter({ isPublic: true, categoryIds: [likedTopic], totalSubscribers: 5 });
    const inFollowed = await seedNewsletter({ isPublic: true, categoryIds: [followedTopic], totalSubscribers: 900 });
    const inRead = await seedNewsletter({ isPublic: true, categoryIds: [readTopic], totalSubscribers: 1000 });
    const featuredInLiked = await seedNewsletter({ isPublic: true, isFeatured: true, categoryIds: [likedTopic], totalSubscribers: 50 });
    const privateInLiked = await seedNewsletter({ isPublic: false, categoryIds: [likedTopic] });
    const famous = await seedNewsletter({ isPublic: true, totalSubscribers: mostFollowedEver() });

    const items = await listed(recommended, "/api/newsletters/recommended", me);
    const ids = items.map((item) => item.id);
    expect(ids.slice(0, 4)).toEqual([likedAndRead, inLiked, inFollowed, inRead]);
    // Then the most followed I do not have, none of them featured.
    expect(ids[4]).toBe(famous);
    // What I follow or already receive, and private newsletters, are never offered.
    expect(only(items, [liked, followed, read, privateInLiked])).toEqual([]);
    // A featured newsletter is shown in Featured; here it may only fill the list's end.
    const firstFeatured = items.findIndex((item) => item.is_featured);
    if (firstFeatured >= 0) expect(items.slice(firstFeatured).every((item) => item.is_featured)).toBe(true);
    if (ids.includes(featuredInLiked)) expect(ids.indexOf(featuredInLiked)).toBeGreaterThan(ids.indexOf(famous));
    expect(items.length).toBeLessThanOrEqual(20);
  });

  it("gives a reader with nothing yet other newsletters than Featured, in another order", async () => {
    const me = await registerUser();
    onTestFinished(() => removeUsers([me.id]));
    const top = mostFollowedEver();
    const stars = [
      await seedNewsletter({ isPublic: true, isFeatured: true, totalSubscribers: top + 2 }),
      await seedNewsletter({ isPublic: true, isFeatured: true, totalSubscribers: top + 1 }),
    ];
    const risers = [
      await seedNewsletter({ isPublic: true, totalSubscribers: top }),
      await seedNewsletter({ isPublic: true, totalSubscribers: top - 1 }),
    ];

    const featuredIds = (await listed(featured, "/api/newsletters/featured", me)).map((item) => item.id);
    const items = await listed(recommended, "/api/newsletters/recommended", me);
    expect(
      only(
        featuredIds.map((id) => ({ id })),
        [...stars, ...risers],
      ),
    ).toEqual(stars);
    expect(only(items, [...stars, ...risers]).slice(0, 2)).toEqual(risers);
    const shown = items.map((item) => item.id);
    const featuredFirst = shown.findIndex((id) => featuredIds.includes(id));
    expect(featuredFirst === -1 || featuredFirst >= shown.length - featuredIds.length).toBe(true);
    expect(shown.slice(0, featuredIds.length)).not.toEqual(featuredIds.slice(0, shown.length));
  });

  it("turns to what I like the moment I like it", async () => {
    const me = await registerUser();
    onTestFinished(() => removeUsers([me.id]));
    const topic = await seedCategory();
    const source = await seedNewsletter({ isPublic: true, categoryIds: [topic] });
    const sibling = await seedNewsletter({ isPublic: true, categoryIds: [topic] });
    const copy = await seedEmail(me.id, { newsletterId: source });
    expect((await listed(recommended, "/api/newsletters/recommended", me)).map((item) => item.id)[0]).not.toBe(sibling);
    await seedLike(me.id, copy);
    expect((await listed(recommended, "/api/newsletters/recommended", me)).map((item) => item.id)[0]).toBe(sibling);
  });
});
