import { describe, expect, it } from "vitest";
import { useDatabase } from "../support/api";

useDatabase();

async function jobStates(name: string): Promise<string[]> {
  const { getDb } = await import("@/db/client");
  const { sql } = await import("drizzle-orm");
  const result = (await getDb().execute(
    sql`SELECT state FROM ${sql.identifier(process.env.JOBS_SCHEMA!)}.job WHERE name = ${name} ORDER BY created_on`,
  )) as unknown as {
    rows: { state: string }[];
  };
  return result.rows.map((row) => row.state);
}

describe("the job queue", () => {
  it("runs each enqueued job once with its payload, in the test helper", async () => {
    const { enqueueJob } = await import("@/lib/jobs/queue");
    const { runDueJobs } = await import("@/lib/jobs/runner");
    const seen: unknown[] = [];
    const registry = { "test-echo": { handler: async (data: unknown) => void seen.push(data) } };
    await enqueueJob("test-echo", { n: 1 });
    await enqueueJob("test-echo", { n: 2 });
    await enqueueJob("test-echo", { n: 3 }, { startAfterSeconds: 60 });
    expect(await runDueJobs(registry)).toBe(2);
    // Jobs enqueued in the same instant have no order between them.
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    expect(await runDueJobs(registry)).toBe(0);
    expect((await jobStates("test-echo")).sort()).toEqual(["completed", "completed", "created"]);
  });

  it("takes jobs of many new kinds queued at once, as a delivery's first ones are (their queues are created then)", async () => {
    const { enqueueJob } = await import("@/lib/jobs/queue");
    const kinds = Array.from({ length: 8 }, (_, index) => `test-new-kind-${index}`);
    // pg-boss creating two queues at once deadlocked, and the delivery that queued them answered 500.
    await Promise.all(kinds.map((kind) => enqueueJob(kind, { kind })));
    for (const kind of kinds) expect(await jobStates(kind)).toEqual(["created"]);
  });

  it("retries a job that throws, then marks it failed with the reason after its last attempt", async () => {
    const { enqueueJob } = await import("@/lib/jobs/queue");
    const { runDueJobs } = await import("@/lib/jobs/runner");
    let calls = 0;
    const registry = {
      "test-poison": {
        retryLimit: 1,
        handler: async () => {
          calls++;
          throw new Error("always broken");
        },
      },
      "test-fine": { handler: async () => undefined },
    };
    await runDueJobs(registry);
    await enqueueJob("test-poison", {}, { retryDelaySeconds: 1 });
    await enqueueJob("test-fine", {});
    expect(await runDueJobs(registry)).toBe(2);
    expect(await jobStates("test-poison")).toEqual(["retry"]);
    expect(await jobStates("test-fine")).toEqual(["completed"]);
    // The first retry waits the delay (1 s) plus up to as much again of jitter: it runs once it is due.
    await expect.poll(() => runDueJobs(registry), { timeout: 5_000, interval: 100 }).toBe(1);
    expect(calls).toBe(2);
    expect(await jobStates("test-poison")).toEqual(["failed"]);
  });

  it("a running worker picks up a job enqueued in its process at once, and finishes it before stopping", async () => {
    const { enqueueJob } = await import("@/lib/jobs/queue");
    const { startRunner } = await import("@/lib/jobs/runner");
    let finish: () => void = () => undefined;
    const started: number[] = [];
    const registry = {
      "test-slow": {
        handler: async () => {
          started.push(Date.now());
          await new Promise<void>((resolve) => (finish = resolve));
        },
      },
    };
    const runner = await startRunner(registry);
    const enqueuedAt = Date.now();
    await enqueueJob("test-slow", {});
    await expect.poll(() => started.length, { timeout: 3000, interval: 20 }).toBe(1);
    expect(started[0] - enqueuedAt).toBeLessThan(1000);
    const stopped = runner.stop(10_000);
    setTimeout(() => finish(), 200);
    await stopped;
    expect(await jobStates("test-slow")).toEqual(["completed"]);
  });
});
