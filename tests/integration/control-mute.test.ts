import { describe, expect, it } from "vitest";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { PUT as putMute } from "@/app/api/newsletters/[newsletterId]/mute/route";
import { GET as mySubscriptions } from "@/app/api/users/me/subscriptions/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

type Feed = { items: { id: number; newsletter_id: number }[]; total_items: number };

const mute = (user: TestUser, newsletterId: number, muted: unknown) =>
  call(putMute, `/api/newsletters/${newsletterId}/mute`, {
    method: "PUT",
    cookie: user.cookie,
    params: { newsletterId: String(newsletterId) },
    body: { muted },
  });
const feed = async (user: TestUser, query = "") => {
  const result = await call(getFeed, `/api/issues/feed${query}`, { cookie: user.cookie });
  expect(result.status).toBe(200);
  return result.body as Feed;
};
const ids = (page: Feed) => page.items.map((item) => item.id).sort((a, b) => a - b);

/** A reader with two emails of a newsletter they will mute and one of another. */
async function readerWithMail() {
  const user = await registerUser();
  const muted = await seedEmail(user.id, { subject: "Loud quasar news", dateReceived: new Date(Date.now() - 60_000) });
  const mutedToo = await seedEmail(user.id, { newsletterId: muted.newsletterId, subject: "More quasar news", kind: "confirmation" });
  const kept = await seedEmail(user.id, { subject: "Quiet quasar letter", dateReceived: new Date(Date.now() - 120_000) });
  return { user, newsletterId: muted.newsletterId, mutedIds: [muted.id, mutedToo.id], keptId: kept.id };
}

describe("PUT /api/newsletters/{id}/mute", () => {
  it("answers the subscription with muted, and the subscriptions list says so", async () => {
    const { user, newsletterId } = await readerWithMail();
    const result = await mute(user, newsletterId, true);
    expect(result).toMatchObject({
      status: 200,
      body: { newsletterId, muted: true, status: "inactive", newsletter_metadata: { id: newsletterId } },
    });
    const list = (await call(mySubscriptions, "/api/users/me/subscriptions", { cookie: user.cookie })).body as {
      items: { newsletterId: number; muted: boolean }[];
    };
    expect(list.items.find((item) => item.newsletterId === newsletterId)?.muted).toBe(true);
    expect((await mute(user, newsletterId, false)).body).toMatchObject({ muted: false });
  });

  it("leaves a muted newsletter's mail out of every feed unless include_muted=true", async () => {
    const { user, newsletterId, mutedIds, keptId } = await readerWithMail();
    expect((await feed(user)).total_items).toBe(3);
    await mute(user, newsletterId, true);
    const shapes = [
      "",
      "?sort_by=subject",
      "?read_status=unread",
      "?search=quasar",
      "?kind=confirmation",
      "?sort_by=time_to_read&page_size=1&page=9",
    ];
    const expected = [[keptId], [keptId], [keptId], [keptId], [], []];
    for (const [index, query] of shapes.entries()) {
      const page = await feed(user, query);
      expect(ids(page), query).toEqual(expected[index]);
      expect(page.total_items, query).toBe(query === "?kind=confirmation" ? 0 : 1);
    }
    const all = await feed(user, "?include_muted=true");
    expect(ids(all)).toEqual([...mutedIds, keptId].sort((a, b) => a - b));
    expect(all.total_items).toBe(3);
    expect(ids(await feed(user, "?include_muted=true&search=quasar"))).toHaveLength(3);
    await mute(user, newsletterId, false);
    expect((await feed(user)).total_items).toBe(3);
  });

  it("mutes for this reader only: another reader of the same newsletter still sees it", async () => {
    const { user, newsletterId } = await readerWithMail();
    const other = await registerUser();
    const theirs = await seedEmail(other.id, { newsletterId });
    await mute(user, newsletterId, true);
    expect(ids(await feed(other))).toEqual([theirs.id]);
    expect((await feed(other)).total_items).toBe(1);
  });

  it("refuses a bad body with 422, an unknown include_muted with 400, and a newsletter the reader cannot see with 404", async () => {
    const { user, newsletterId } = await readerWithMail();
    expect(await mute(user, newsletterId, "yes")).toMatchObject({ status: 422, body: { errors: [{ field: "muted" }] } });
    expect((await call(getFeed, "/api/issues/feed?include_muted=maybe", { cookie: user.cookie })).status).toBe(400);
    const stranger = await registerUser();
    expect((await mute(stranger, newsletterId, true)).status).toBe(404);
    expect((await mute(stranger, await seedNewsletter({ isPublic: false }), true)).status).toBe(404);
    expect(
      (await call(putMute, "/api/newsletters/1/mute", { method: "PUT", params: { newsletterId: "1" }, body: { muted: true } })).status,
    ).toBe(401);
  });
});
