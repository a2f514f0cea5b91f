import { describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/issues/feed/route";
import { POST as subscribe } from "@/app/api/newsletters/subscribe/route";
import { GET as deliveries } from "@/app/api/users/me/deliveries/route";
import { POST as sendSample } from "@/app/api/users/me/sample-issue/route";
import { GET as subscriptions } from "@/app/api/users/me/subscriptions/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { emailRow, inboundRow } from "./inbound-support";

useDatabase();

type Sent = { message_id: number; emails: number[] };
type FeedItem = { id: number; subject: string; sender_name: string | null; kind: string };

const send = (reader: TestUser, headers: Record<string, string> = {}) =>
  call(sendSample, "/api/users/me/sample-issue", { method: "POST", cookie: reader.cookie, headers });
const feedOf = async (reader: TestUser) =>
  ((await call(feed, "/api/issues/feed", { cookie: reader.cookie })).body as { items: FeedItem[] }).items;

describe("POST /api/users/me/sample-issue", () => {
  it("files the sample issue to the reader's address through the inbound path, into the feed and the delivery log", async () => {
    const reader = await registerUser();
    const started = Date.now();
    const result = await send(reader);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ status: 202, body: { message_id: expect.any(Number), emails: [expect.any(Number)] } });
    const { message_id, emails } = result.body as Sent;

    expect(await feedOf(reader)).toEqual([
      expect.objectContaining({
        id: emails[0],
        subject: expect.stringMatching(/^Your first newsletter/),
        sender_name: "Paperboy Sample",
        kind: "issue",
      }),
    ]);
    expect(await inboundRow(message_id)).toMatchObject({ source: "sample", envelopeTo: [reader.unique_email], status: "filed" });
    const log = await call(deliveries, "/api/users/me/deliveries", { cookie: reader.cookie });
    expect((log.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        from: "hello@sample.paperboy.example",
        subject: expect.stringMatching(/^Your first newsletter/),
        recipient: reader.unique_email,
        outcome: "filed",
        email_id: emails[0],
      }),
    ]);
  });

  it("is a newsletter whose unsubscribe is a mailto, as mail:send's sample is", async () => {
    const reader = await registerUser();
    const { emails } = (await send(reader)).body as Sent;
    const { newsletterId } = (await emailRow(emails[0]!))!;
    const followed = await call(subscribe, "/api/newsletters/subscribe", {
      method: "POST",
      cookie: reader.cookie,
      body: { newsletter_metadata_id: newsletterId },
    });
    expect(followed.status).toBeLessThan(300);
    const mine = (await call(subscriptions, "/api/users/me/subscriptions", { cookie: reader.cookie })).body as {
      items: { newsletterId: number; unsubscribe_methods: string[] }[];
    };
    expect(mine.items.find((item) => item.newsletterId === newsletterId)?.unsubscribe_methods).toEqual(["mailto"]);
  });

  it("sends a new issue each time, not a duplicate of the last", async () => {
    const reader = await registerUser();
    const first = (await send(reader)).body as Sent;
    const second = await send(reader);
    expect(second.status).toBe(202);
    expect((second.body as Sent).message_id).not.toBe(first.message_id);
    expect((await feedOf(reader)).map((item) => item.id).sort()).toEqual([...first.emails, ...(second.body as Sent).emails].sort());
  });

  it("answers 429 with Retry-After past 10 an hour for one reader, and not for another", async () => {
    const [busy, other] = [await registerUser(), await registerUser()];
    for (let sent = 0; sent < 10; sent++) expect((await send(busy)).status).toBe(202);
    const refused = await send(busy);
    expect(refused).toMatchObject({ status: 429, body: { detail: "Too many attempts. Please try again later." } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect((await feedOf(busy)).length).toBe(10);
    expect((await send(other)).status).toBe(202);
  }, 60_000);

  it("answers 401 without a session and 403 from another origin", async () => {
    expect(await call(sendSample, "/api/users/me/sample-issue", { method: "POST" })).toMatchObject({
      status: 401,
      body: { detail: "Not authenticated" },
    });
    const reader = await registerUser();
    expect(await send(reader, { origin: "https://elsewhere.example" })).toMatchObject({
      status: 403,
      body: { detail: "Cross-origin request refused" },
    });
    expect(await feedOf(reader)).toEqual([]);
  });
});
