// First: it sets the inbound secret before anything reads the environment.
import { deliver, emailRow, mail, uniqueSender } from "./inbound-support";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as unsubscribeRoute } from "@/app/api/newsletters/[newsletterId]/unsubscribe/route";
import { POST as subscribe } from "@/app/api/newsletters/subscribe/route";
import { GET as mySubscriptions } from "@/app/api/users/me/subscriptions/route";
import { setFetchResolver } from "@/lib/fetch/guarded-fetch";
import { listOutbox } from "@/lib/outbound/outbox";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { signMail } from "../support/dkim";
import { allowFetchTo, answerEveryName, startLocalServer, type LocalServer } from "../support/local-server";

useDatabase();

const ONE_CLICK = "List-Unsubscribe-Post: List-Unsubscribe=One-Click";

let sender: LocalServer;
let undo: Array<() => void> = [];

beforeAll(async () => {
  sender = await startLocalServer((req, res) => {
    if (req.url.startsWith("/refuse")) res.writeHead(500);
    if (req.url === "/hop") res.writeHead(302, { location: "/hop" });
    if (req.url === "/to-private") res.writeHead(302, { location: "http://intranet.example/unsubscribe" });
    res.end("ok");
  });
});
afterAll(() => sender.close());
afterEach(() => {
  undo.forEach((restore) => restore());
  undo = [];
  sender.requests.length = 0;
});

/** Delivers one issue of a fresh newsletter to `reader` with these List-* headers; returns the newsletter id. */
async function deliverWith(reader: TestUser, headers: string[], from = uniqueSender()): Promise<number> {
  const result = await deliver(await signMail(mail({ to: reader.unique_email, from, extra: headers })));
  const [emailId] = (result.body as { emails: number[] }).emails;
  return (await emailRow(emailId!))!.newsletterId;
}

const unsubscribe = (reader: TestUser, newsletterId: number | string) =>
  call(unsubscribeRoute, `/api/newsletters/${newsletterId}/unsubscribe`, {
    method: "POST",
    cookie: reader.cookie,
    params: { newsletterId: String(newsletterId) },
  });

type Subscription = {
  newsletterId: number;
  status: string;
  unsubscribed_at: string | null;
  unsubscribe_methods: string[];
  sending_after_unsubscribe: boolean;
};
const subscriptionTo = async (reader: TestUser, newsletterId: number) =>
  ((await call(mySubscriptions, "/api/users/me/subscriptions", { cookie: reader.cookie })).body as { items: Subscription[] }).items.find(
    (item) => item.newsletterId === newsletterId,
  );
const follow = (reader: TestUser, newsletterId: number) =>
  call(subscribe, "/api/newsletters/subscribe", { method: "POST", cookie: reader.cookie, body: { newsletter_metadata_id: newsletterId } });

describe("POST /api/newsletters/{id}/unsubscribe", () => {
  it("one-click: POSTs List-Unsubscribe=One-Click, form-encoded, to the reader's own link, and leaves", async () => {
    undo.push(allowFetchTo(sender.hostPort));
    const reader = await registerUser();
    const newsletterId = await deliverWith(reader, [
      `List-Unsubscribe: <mailto:leave@list.example>, <${sender.origin}/u/ada-token>`,
      ONE_CLICK,
    ]);
    await follow(reader, newsletterId);
    expect((await subscriptionTo(reader, newsletterId))?.unsubscribe_methods).toEqual(["one_click", "mailto", "link"]);

    const result = await unsubscribe(reader, newsletterId);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      subscription: expect.objectContaining({
        newsletterId,
        status: "inactive",
        unsubscribed_at: expect.any(String),
        unsubscribe_methods: ["one_click", "mailto", "link"],
        sending_after_unsubscribe: false,
      }),
      method: "one_click",
      outcome: "sent",
      url: null,
    });
    expect(sender.requests).toHaveLength(1);
    const [request] = sender.requests;
    expect(request).toMatchObject({ method: "POST", url: "/u/ada-token", body: "List-Unsubscribe=One-Click" });
    expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    for (const header of ["cookie", "referer", "authorization"]) expect(request!.headers[header]).toBeUndefined();
  });

  it("two readers of one newsletter each use only their own link", async () => {
    undo.push(allowFetchTo(sender.hostPort));
    const [ada, bob] = [await registerUser(), await registerUser()];
    const from = uniqueSender();
    const newsletterId = await deliverWith(ada, [`List-Unsubscribe: <${sender.origin}/u/ada>`, ONE_CLICK], from);
    expect(await deliverWith(bob, [`List-Unsubscribe: <${sender.origin}/u/bob>`, ONE_CLICK], from)).toBe(newsletterId);

    expect((await unsubscribe(bob, newsletterId)).body).toMatchObject({ method: "one_click", outcome: "sent" });
    expect((await unsubscribe(ada, newsletterId)).body).toMatchObject({ method: "one_click", outcome: "sent" });
    expect(sender.requests.map((request) => request.url)).toEqual(["/u/bob", "/u/ada"]);
  });

  it("keeps no link from a message addressed to two readers at once: it could be either's", async () => {
    const [ada, bob] = [await registerUser(), await registerUser()];
    const result = await deliver(
      mail({
        to: `${ada.unique_email}, ${bob.unique_email}`,
        from: uniqueSender(),
        extra: [`List-Unsubscribe: <https://list.example/u/someone>`, ONE_CLICK],
      }),
    );
    // Unsigned, it is each reader's own, in their own newsletter: neither keeps the link.
    for (const [index, reader] of [ada, bob].entries()) {
      const newsletterId = (await emailRow((result.body as { emails: number[] }).emails[index]!))!.newsletterId;
      expect((await subscriptionTo(reader, newsletterId))?.unsubscribe_methods).toEqual([]);
      expect((await unsubscribe(reader, newsletterId)).status).toBe(422);
    }
  });

  it("keeps the latest headers of the reader's mail", async () => {
    undo.push(allowFetchTo(sender.hostPort));
    const reader = await registerUser();
    const from = uniqueSender();
    const send = (path: string, date: string) =>
      deliver(
        mail({
          to: reader.unique_email,
          from,
          subject: `Issue ${path}`,
          date,
          extra: [`List-Unsubscribe: <${sender.origin}${path}>`, ONE_CLICK],
        }),
      );
    await send("/u/first", "Tue, 01 Mar 2022 10:00:00 +0000");
    const result = await send("/u/second", "Wed, 02 Mar 2022 10:00:00 +0000");
    const newsletterId = (await emailRow((result.body as { emails: number[] }).emails[0]!))!.newsletterId;
    await unsubscribe(reader, newsletterId);
    expect(sender.requests.map((request) => request.url)).toEqual(["/u/second"]);
  });

  it("mailto: sends the message the URI describes from the reader's unique address, to the outbox", async () => {
    const reader = await registerUser();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const newsletterId = await deliverWith(reader, [
      "List-Unsubscribe: <mailto:leave-ada-7f3a@list.example?subject=Unsubscribe%20ada-7f3a&body=Please%20remove%20me>",
    ]);
    const result = await unsubscribe(reader, newsletterId);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      subscription: { status: "inactive", unsubscribe_methods: ["mailto"] },
      method: "mailto",
      outcome: "sent",
      url: null,
    });
    await runDueJobs();
    const message = (await listOutbox()).find((item) => item.to === "leave-ada-7f3a@list.example");
    expect(message).toMatchObject({ from: reader.unique_email, subject: "Unsubscribe ada-7f3a" });
    expect(message!.text.trim()).toBe("Please remove me");
    // The reader's personal unsubscribe address never reaches a log line.
    expect(log.mock.calls.flat().join("\n")).not.toContain("7f3a");
    log.mockRestore();
  });

  it("link: hands back the page to open, and leaves a newsletter the reader never confirmed, dating the leaving", async () => {
    const reader = await registerUser();
    const newsletterId = await deliverWith(reader, ["List-Unsubscribe: <https://list.example/manage?token=ada>"]);
    // Mail alone files the subscription inactive and undated: "Unsubscribed: never confirmed".
    expect(await subscriptionTo(reader, newsletterId)).toMatchObject({ status: "inactive", unsubscribed_at: null });
    expect((await unsubscribe(reader, newsletterId)).body).toMatchObject({
      subscription: { status: "inactive", unsubscribe_methods: ["link"], unsubscribed_at: expect.any(String) },
      method: "link",
      outcome: "open_link",
      url: "https://list.example/manage?token=ada",
    });
  });

  it.each([
    ["a sender that answers 500", "/refuse"],
    ["a sender that redirects five times", "/hop"],
    ["a redirect into a private address", "/to-private"],
  ])("is failed and changes nothing for %s", async (_, path) => {
    undo.push(allowFetchTo(sender.hostPort), setFetchResolver(answerEveryName("10.0.0.7")));
    const reader = await registerUser();
    const newsletterId = await deliverWith(reader, [
      `List-Unsubscribe: <${sender.origin}${path}>, <https://list.example/manage>`,
      ONE_CLICK,
    ]);
    await follow(reader, newsletterId);
    const result = await unsubscribe(reader, newsletterId);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      subscription: { status: "active", unsubscribed_at: null },
      method: "one_click",
      outcome: "failed",
    });
    expect(await subscriptionTo(reader, newsletterId)).toMatchObject({
      status: "active",
      unsubscribed_at: null,
      sending_after_unsubscribe: false,
    });
  });

  it("is failed for a link whose name resolves to a private address, and no packet leaves", async () => {
    undo.push(setFetchResolver(answerEveryName("192.168.1.20")));
    const reader = await registerUser();
    const newsletterId = await deliverWith(reader, ["List-Unsubscribe: <https://router.example/unsubscribe>", ONE_CLICK]);
    await follow(reader, newsletterId);
    expect((await unsubscribe(reader, newsletterId)).body).toMatchObject({
      subscription: { status: "active" },
      method: "one_click",
      outcome: "failed",
      url: "https://router.example/unsubscribe",
    });
  });

  it("is failed for a loopback link FETCH_ALLOW_HOSTS does not list", async () => {
    const reader = await registerUser();
    const newsletterId = await deliverWith(reader, [`List-Unsubscribe: <https://127.0.0.1:${sender.port}/u>`, ONE_CLICK]);
    expect((await unsubscribe(reader, newsletterId)).body).toMatchObject({ method: "one_click", outcome: "failed" });
    expect(sender.requests).toHaveLength(0);
  });

  it("answers 422 when the newsletter gave no usable way out", async () => {
    const reader = await registerUser();
    for (const headers of [
      [],
      ["List-Unsubscribe: <javascript:alert(1)>, <data:text/html,x>, <mailto:a@x.example%0d%0abcc:b@y.example>", ONE_CLICK],
    ]) {
      const newsletterId = await deliverWith(reader, headers);
      const result = await unsubscribe(reader, newsletterId);
      expect(result.status).toBe(422);
      expect(result.body).toMatchObject({ detail: "This newsletter gave no way to unsubscribe." });
      expect(await subscriptionTo(reader, newsletterId)).toMatchObject({ unsubscribe_methods: [] });
    }
  });

  it("uses what is usable of a hostile header and ignores the rest", async () => {
    const reader = await registerUser();
    const huge = `<https://list.example/${"x".repeat(9_000)}>`;
    const newsletterId = await deliverWith(reader, [
      `List-Unsubscribe: <javascript:alert(1)>, <mailto:a@x.example?bcc=victim@y.example&subject=bye%0d%0aBcc:%20victim@y.example>, ${huge}`,
    ]);
    expect((await subscriptionTo(reader, newsletterId))?.unsubscribe_methods).toEqual(["mailto"]);
    await unsubscribe(reader, newsletterId);
    await runDueJobs();
    const message = (await listOutbox()).find((item) => item.to === "a@x.example");
    expect(message?.subject).toBe("bye Bcc: victim@y.example");
    expect(message?.headers.has("bcc")).toBe(false);
  });

  it("answers 404 for another reader's private newsletter and an unknown one, 401 without a session", async () => {
    const [owner, stranger] = [await registerUser(), await registerUser()];
    const newsletterId = await deliverWith(owner, ["List-Unsubscribe: <https://list.example/u/owner>"]);
    expect((await unsubscribe(stranger, newsletterId)).status).toBe(404);
    expect((await unsubscribe(stranger, 999_999_999)).status).toBe(404);
    expect((await unsubscribe(stranger, "seven")).status).toBe(404);
    expect(
      (
        await call(unsubscribeRoute, `/api/newsletters/${newsletterId}/unsubscribe`, {
          method: "POST",
          params: { newsletterId: String(newsletterId) },
        })
      ).status,
    ).toBe(401);
  });

  it("shows sending_after_unsubscribe once an issue arrives more than 48 hours after leaving", async () => {
    const reader = await registerUser();
    const from = uniqueSender();
    const newsletterId = await deliverWith(reader, ["List-Unsubscribe: <https://list.example/u/ada>"], from);
    await unsubscribe(reader, newsletterId);
    await deliverWith(reader, [], from);
    expect(await subscriptionTo(reader, newsletterId)).toMatchObject({ status: "inactive", sending_after_unsubscribe: false });

    await leftHoursAgo(reader, newsletterId, 49);
    expect(await subscriptionTo(reader, newsletterId)).toMatchObject({ sending_after_unsubscribe: false });
    await deliver(await signMail(mail({ to: reader.unique_email, from, subject: "Still here" })));
    expect(await subscriptionTo(reader, newsletterId)).toMatchObject({ status: "inactive", sending_after_unsubscribe: true });

    await follow(reader, newsletterId);
    expect(await subscriptionTo(reader, newsletterId)).toMatchObject({ status: "active", sending_after_unsubscribe: false });
  });
});

/** Moves the reader's unsubscribe, and the mail they already hold, back in time. */
async function leftHoursAgo(reader: TestUser, newsletterId: number, hours: number) {
  const { getDb } = await import("@/db/client");
  const { email, unsubscribeRoute } = await import("@/db/schema");
  const { and, sql } = await import("drizzle-orm");
  const shift = sql`interval '1 hour' * ${hours}`;
  await getDb()
    .update(unsubscribeRoute)
    .set({ leftAt: sql`${unsubscribeRoute.leftAt} - ${shift}` })
    .where(and(eq(unsubscribeRoute.userId, reader.id), eq(unsubscribeRoute.newsletterId, newsletterId)));
  await getDb()
    .update(email)
    .set({ createdAt: sql`${email.createdAt} - ${shift}` })
    .where(and(eq(email.userId, reader.id), eq(email.newsletterId, newsletterId)));
}
