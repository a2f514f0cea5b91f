import { describe, expect, it } from "vitest";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { PUT as putSubscription } from "@/app/api/newsletters/[newsletterId]/subscription/route";
import { POST as subscribe } from "@/app/api/newsletters/subscribe/route";
import { GET as getSubscription } from "@/app/api/subscriptions/[subscriptionId]/route";
import { POST as bulk } from "@/app/api/subscriptions/bulk/route";
import { GET as mySubscriptions } from "@/app/api/users/me/subscriptions/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const follow = (user: TestUser, id: unknown) =>
  call(subscribe, "/api/newsletters/subscribe", { method: "POST", cookie: user.cookie, body: { newsletter_metadata_id: id } });
const setStatus = (user: TestUser, id: number, status: unknown) =>
  call(putSubscription, `/api/newsletters/${id}/subscription`, {
    method: "PUT",
    cookie: user.cookie,
    params: { newsletterId: String(id) },
    body: { status },
  });
const listMine = async (user: TestUser) =>
  (await call(mySubscriptions, "/api/users/me/subscriptions", { cookie: user.cookie })).body as {
    items: { newsletterId: number; status: string }[];
  };

describe("POST /api/newsletters/subscribe", () => {
  it("subscribes to a public newsletter and answers with the subscription", async () => {
    const user = await registerUser();
    const newsletterId = await seedNewsletter({ name: "Open Letter", isPublic: true });
    const result = await follow(user, newsletterId);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      newsletter_id: newsletterId,
      subscription: {
        id: expect.any(Number),
        newsletterId,
        newsletter_metadata: expect.objectContaining({ id: newsletterId, name: "Open Letter", total_subscribers: 1 }),
        subscribed_at: expect.any(String),
        unsubscribed_at: null,
        status: "active",
        muted: false,
        unsubscribe_methods: [],
        sending_after_unsubscribe: false,
      },
    });
  });

  it("marks every email of that newsletter subscribed", async () => {
    const user = await registerUser();
    const { newsletterId } = await seedEmail(user.id);
    await seedEmail(user.id, { newsletterId });
    const before = (await call(getFeed, "/api/issues/feed", { cookie: user.cookie })).body as { items: { is_subscribed: boolean }[] };
    expect(before.items.map((item) => item.is_subscribed)).toEqual([false, false]);
    expect((await follow(user, newsletterId)).status).toBe(200);
    const after = (await call(getFeed, "/api/issues/feed", { cookie: user.cookie })).body as { items: { is_subscribed: boolean }[] };
    expect(after.items.map((item) => item.is_subscribed)).toEqual([true, true]);
  });

  it("answers 404 for an unknown newsletter and for someone else's private one, 422 for a bad id", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { newsletterId } = await seedEmail(owner.id);
    expect((await follow(stranger, newsletterId)).status).toBe(404);
    expect((await follow(stranger, 999_999_999)).status).toBe(404);
    expect((await follow(stranger, "seven")).status).toBe(422);
    expect((await listMine(stranger)).items).toEqual([]);
  });
});

describe("PUT /api/newsletters/{id}/subscription", () => {
  it("unsubscribes and subscribes again, dating each change", async () => {
    const user = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    await follow(user, newsletterId);
    const off = await setStatus(user, newsletterId, "inactive");
    expect(off).toMatchObject({
      status: 200,
      body: { newsletterId, status: "inactive", unsubscribed_at: expect.any(String), newsletter_metadata: { total_subscribers: 0 } },
    });
    const on = await setStatus(user, newsletterId, "active");
    expect(on).toMatchObject({ status: 200, body: { status: "active", unsubscribed_at: null, subscribed_at: expect.any(String) } });
  });

  it("refuses an unknown status with 400", async () => {
    const user = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    expect(await setStatus(user, newsletterId, "paused")).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
  });

  it.each([
    ["missing", undefined],
    ["not a string", 5],
  ])("answers a %s status with 422 and the field", async (_label, status) => {
    const user = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    expect(await setStatus(user, newsletterId, status)).toMatchObject({
      status: 422,
      body: { detail: expect.any(String), errors: [{ field: "status", message: expect.any(String) }] },
    });
  });
});

describe("POST /api/subscriptions/bulk", () => {
  it("subscribes to several newsletters at once", async () => {
    const user = await registerUser();
    const ids = [await seedNewsletter({ isPublic: true }), await seedNewsletter({ isPublic: true })];
    const result = await call(bulk, "/api/subscriptions/bulk", { method: "POST", cookie: user.cookie, body: { newsletter_ids: ids } });
    expect(result.status).toBe(200);
    expect(
      (result.body as { items: { newsletterId: number; status: string }[] }).items.map((item) => [item.newsletterId, item.status]).sort(),
    ).toEqual(ids.map((id) => [id, "active"]).sort());
  });

  it("changes nothing when one of the newsletters cannot be followed", async () => {
    const user = await registerUser();
    const open = await seedNewsletter({ isPublic: true });
    const result = await call(bulk, "/api/subscriptions/bulk", {
      method: "POST",
      cookie: user.cookie,
      body: { newsletter_ids: [open, 999_999_999] },
    });
    expect(result.status).toBe(404);
    expect((await listMine(user)).items).toEqual([]);
    expect(
      (await call(bulk, "/api/subscriptions/bulk", { method: "POST", cookie: user.cookie, body: { newsletter_ids: [] } })).status,
    ).toBe(422);
  });
});

describe("GET /api/users/me/subscriptions and /api/subscriptions/{id}", () => {
  it("list my subscriptions and show one, never another user's", async () => {
    const user = await registerUser();
    const stranger = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    const { subscription } = (await follow(user, newsletterId)).body as { subscription: { id: number } };
    expect((await listMine(user)).items).toEqual([expect.objectContaining({ id: subscription.id, newsletterId, status: "active" })]);
    const one = await call(getSubscription, `/api/subscriptions/${subscription.id}`, {
      cookie: user.cookie,
      params: { subscriptionId: String(subscription.id) },
    });
    expect(one).toMatchObject({ status: 200, body: { id: subscription.id, newsletterId } });
    const theirs = await call(getSubscription, `/api/subscriptions/${subscription.id}`, {
      cookie: stranger.cookie,
      params: { subscriptionId: String(subscription.id) },
    });
    expect(theirs.status).toBe(404);
    expect((await call(mySubscriptions, "/api/users/me/subscriptions")).status).toBe(401);
  });
});
