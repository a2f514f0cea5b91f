import { afterEach, describe, expect, it, vi } from "vitest";
// First: it sets the inbound secret before the routes read the environment.
import { deliver, mail } from "./inbound-support";
import { GET as events, POST as postEvents } from "@/app/api/users/me/events/route";
import { sql } from "drizzle-orm";
import { getDb, sqlClient } from "@/db/client";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail } from "../support/seed";
import { eventReader } from "./live-support";

useDatabase();

const opened: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cancel of opened.splice(0)) await cancel();
  vi.useRealTimers();
});

async function openStream(reader: TestUser, headers: Record<string, string> = {}) {
  const request = new Request(new URL("/api/users/me/events", process.env.APP_URL), { headers: { cookie: reader.cookie, ...headers } });
  const response = await events(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const stream = eventReader(response.body!);
  opened.push(stream.cancel);
  // The first comment says the stream hears every email filed from now on.
  expect(await stream.next()).toEqual({ comment: "connected" });
  return stream;
}

describe("GET /api/users/me/events", () => {
  it("needs a session", async () => {
    expect(await call(events, "/api/users/me/events")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    expect(await call(events, "/api/users/me/events", { cookie: "paperboy.session_token=forged.value" })).toMatchObject({ status: 401 });
    expect(await call(postEvents, "/api/users/me/events", { method: "POST" })).toMatchObject({ status: 401 });
  });

  it("sends an email event for a mail filed through the webhook, and none of another reader's", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const stream = await openStream(reader);
    expect((await deliver(mail({ to: other.unique_email, subject: "Not yours" }))).status).toBeLessThan(300);
    const filed = await deliver(mail({ to: reader.unique_email, subject: "Live from the webhook" }));
    expect(filed.status).toBeLessThan(300);
    const { id, data } = await stream.nextEmail(2_000);
    expect(data).toEqual({ id: Number(id), newsletter_id: expect.any(Number), subject: "Live from the webhook", kind: "issue" });
    const ownSeed = await seedEmail(reader.id, { subject: "Next one" });
    // The other reader's mail, filed first, never came: the next event is this reader's own.
    expect((await stream.nextEmail(2_000)).data).toMatchObject({ id: ownSeed.id, subject: "Next one" });
  });

  it("sends a reconnecting client what it missed since Last-Event-ID, oldest first, then goes on live", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const seen = await seedEmail(reader.id, { subject: "Seen" });
    const missed = [await seedEmail(reader.id, { subject: "Missed 1" }), await seedEmail(reader.id, { subject: "Missed 2" })];
    await seedEmail(other.id, { subject: "Someone else's" });
    const stream = await openStream(reader, { "last-event-id": String(seen.id) });
    expect((await stream.nextEmail()).data).toMatchObject({ id: missed[0].id, subject: "Missed 1" });
    expect((await stream.nextEmail()).data).toMatchObject({ id: missed[1].id, subject: "Missed 2" });
    const live = await seedEmail(reader.id, { subject: "Live" });
    expect(await stream.nextEmail(2_000)).toEqual({ id: String(live.id), data: expect.objectContaining({ id: live.id, subject: "Live" }) });
  });

  it("takes the last id from the query when a browser opens a new stream after giving up on one", async () => {
    const reader = await registerUser();
    const seen = await seedEmail(reader.id, { subject: "Seen" });
    const missed = await seedEmail(reader.id, { subject: "Missed" });
    const request = new Request(new URL(`/api/users/me/events?last_event_id=${seen.id}`, process.env.APP_URL), {
      headers: { cookie: reader.cookie },
    });
    const stream = eventReader((await events(request, { params: Promise.resolve({}) })).body!);
    opened.push(stream.cancel);
    expect((await stream.nextEmail()).data).toMatchObject({ id: missed.id, subject: "Missed" });
  });

  it("sends every email of a burst (an import files many at once), each once", async () => {
    const reader = await registerUser();
    const stream = await openStream(reader);
    const filed = await Promise.all(Array.from({ length: 25 }, (_, index) => seedEmail(reader.id, { subject: `Burst ${index}` })));
    const heard: number[] = [];
    for (let index = 0; index < filed.length; index++) heard.push((await stream.nextEmail(3_000)).data.id as number);
    expect(heard.sort((a, b) => a - b)).toEqual(filed.map(({ id }) => id).sort((a, b) => a - b));
    await expect(stream.nextEmail(300)).rejects.toThrow(/no event/);
  });

  it("lets go of a stream whose client went", async () => {
    const { liveReaderCount } = await import("@/lib/live/hub");
    const before = liveReaderCount();
    const stream = await openStream(await registerUser());
    expect(liveReaderCount()).toBe(before + 1);
    await stream.cancel();
    expect(liveReaderCount()).toBe(before);
  });

  it("ends a reader's streams when their sessions change anywhere, and a reconnect without a session is refused", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const [stream, otherStream] = [await openStream(reader), await openStream(other)];
    await getDb().execute(sql`DELETE FROM "session" WHERE "user_id" = ${reader.id}`);
    expect(await stream.next(1_000)).toBeNull();
    expect(await call(events, "/api/users/me/events", { cookie: reader.cookie })).toMatchObject({ status: 401 });
    // Another reader's stream goes on.
    const theirs = await seedEmail(other.id);
    expect((await otherStream.nextEmail(2_000)).data).toMatchObject({ id: theirs.id });
  });

  it("ignores a Last-Event-ID that is not an email id or beyond any", async () => {
    const reader = await registerUser();
    await seedEmail(reader.id, { subject: "Old" });
    for (const lastId of ["not-a-number", "9999999999"]) {
      const stream = await openStream(reader, { "last-event-id": lastId });
      const live = await seedEmail(reader.id, { subject: "New" });
      expect((await stream.nextEmail(2_000)).data).toMatchObject({ id: live.id });
    }
  });

  it("sends a heartbeat comment every 15 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const reader = await registerUser();
    const stream = await openStream(reader);
    await vi.advanceTimersByTimeAsync(14_000);
    await expect(stream.next(100)).rejects.toThrow(/no event/);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await stream.next()).toEqual({ comment: "heartbeat" });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await stream.next()).toEqual({ comment: "heartbeat" });
  });

  it.runIf(process.env.DATABASE_URL)(
    "serves many streams from one listening connection per process, and ends them when it is lost",
    async () => {
      const readers = [await registerUser(), await registerUser()];
      const streams = await Promise.all([...readers, ...readers, ...readers].map((reader) => openStream(reader)));
      const connections = {
        text: `SELECT "pid" FROM pg_stat_activity WHERE "application_name" = $1`,
        values: [`paperboy listen ${process.pid}`],
      };
      const { rows } = await sqlClient().query(connections);
      expect(rows).toHaveLength(1);
      const before = await seedEmail(readers[0].id, { subject: "Before the loss" });
      for (const stream of [streams[0], streams[2], streams[4]])
        expect((await stream.nextEmail(2_000)).data).toMatchObject({ id: before.id });
      await sqlClient().query({ text: "SELECT pg_terminate_backend($1)", values: [rows[0].pid] });
      for (const stream of streams) expect(await stream.nextEmail(2_000).catch((error: Error) => error.message)).toBe("the stream ended");
      // Filed while nobody listened: the client reconnecting with the last id it saw is sent it.
      const missed = await seedEmail(readers[0].id, { subject: "While lost" });
      const again = await openStream(readers[0], { "last-event-id": String(before.id) });
      expect((await again.nextEmail(2_000)).data).toMatchObject({ id: missed.id, subject: "While lost" });
      expect((await sqlClient().query(connections)).rows).toHaveLength(1);
    },
  );

  // Last: a drain is for good.
  it("ends every open stream when the server drains, and opens no new one", async () => {
    const reader = await registerUser();
    const stream = await openStream(reader);
    const { endLiveStreams, liveReaderCount } = await import("@/lib/live/hub");
    expect(liveReaderCount()).toBeGreaterThan(0);
    endLiveStreams();
    expect(await stream.next()).toBeNull();
    expect(liveReaderCount()).toBe(0);
    expect(await call(events, "/api/users/me/events", { cookie: reader.cookie })).toMatchObject({
      status: 503,
      body: { detail: expect.any(String) },
    });
  });
});
