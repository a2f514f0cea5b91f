import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as feed } from "@/app/api/issues/feed/route";
import { POST as follow } from "@/app/api/users/me/feed-subscriptions/route";
import { enqueueJob } from "@/lib/jobs/queue";
import { FEED_POLL_JOB } from "@/lib/feeds-in/service";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { allowFetchTo } from "../support/local-server";
import { killRunning } from "../support/processes";
import { multiProcess, startInstance, within } from "./instances-support";
import { item, rss, startFeedServer } from "./feeds-in-support";

useDatabase();

let server: Awaited<ReturnType<typeof startFeedServer>>;
let undoAllow: () => void;

beforeAll(async () => {
  server = await startFeedServer();
  undoAllow = allowFetchTo(server.hostPort);
  await runDueJobs();
});
afterAll(async () => {
  undoAllow();
  await server.close();
});
afterEach(() => killRunning());

const subjectsOf = async (reader: TestUser) =>
  ((await call(feed, "/api/issues/feed?page_size=100", { cookie: reader.cookie })).body as { items: { subject: string }[] }).items.map(
    (email) => email.subject,
  );

describe.skipIf(!multiProcess)("followed feeds across instances", () => {
  it("two workers polling at once fetch a feed three readers follow once, and file its new entry for each", async () => {
    const path = `/shared-${Math.random().toString(36).slice(2, 8)}`;
    server.routes.set(path, { type: "application/rss+xml", body: rss("Shared", [item(1)]) });
    const readers = [await registerUser(), await registerUser(), await registerUser()];
    for (const reader of readers) {
      const followed = await call(follow, "/api/users/me/feed-subscriptions", {
        method: "POST",
        cookie: reader.cookie,
        body: { url: `${server.origin}${path}` },
      });
      expect(followed.status).toBe(201);
    }
    // Slow to answer, so the second worker looks for due feeds while the first still fetches this one.
    server.routes.set(path, { type: "application/rss+xml", body: rss("Shared", [item(1), item(2)]), delayMs: 3000 });
    const { getDb } = await import("@/db/client");
    const { followedFeed } = await import("@/db/schema");
    const { eq, sql } = await import("drizzle-orm");
    await getDb()
      .update(followedFeed)
      .set({ nextPollAt: sql`now()` })
      .where(eq(followedFeed.feedUrl, `${server.origin}${path}`));
    const before = server.fetches(path).length;
    // Two poll jobs waiting, one for each worker, so both look for due feeds at the same moment.
    await enqueueJob(FEED_POLL_JOB, {});
    await enqueueJob(FEED_POLL_JOB, {});
    const env = { FETCH_ALLOW_HOSTS: server.hostPort };
    const workers = [startInstance("worker", env), startInstance("worker", env)];
    await Promise.all(workers.map((worker) => worker.waitFor(/running jobs/)));
    await within(30_000, async () => (await Promise.all(readers.map(subjectsOf))).every((subjects) => subjects.length === 2));
    for (const reader of readers) expect(await subjectsOf(reader)).toEqual(["post number 2", "post number 1"]);
    expect(server.fetches(path).length - before).toBe(1);
    // Two worker processes start before the 30 s wait: Vitest's 20 s default is too short on a loaded machine.
  }, 90_000);
});
