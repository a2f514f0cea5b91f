import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { PUT as putDigest } from "@/app/api/users/me/digest/route";
import { getDb } from "@/db/client";
import { digestSend } from "@/db/schema";
import { listOutbox } from "@/lib/outbound/outbox";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { killRunning } from "../support/processes";
import { seedEmail } from "../support/seed";
import { multiProcess, startInstance, within } from "./instances-support";

// Two `npm run worker` processes on one PostgreSQL, ticking as an operator's would.
useDatabase();
afterEach(killRunning);

const mailsTo = async (reader: TestUser) => (await listOutbox()).filter((message) => message.to === reader.email);

describe.skipIf(!multiProcess)("the digest with two worker processes", () => {
  it("sends a due digest within a tick, once, however often both workers tick", async () => {
    // The reader's hour must not end during the test: within 5 minutes of the UTC hour's end, a zone half an
    // hour off (India) is in the middle of its own.
    const timezone = 3_600_000 - (Date.now() % 3_600_000) < 300_000 ? "Asia/Kolkata" : "UTC";
    const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: timezone }).format(new Date()));
    const reader = await registerUser();
    const saved = await call(putDigest, "/api/users/me/digest", {
      method: "PUT",
      cookie: reader.cookie,
      body: { frequency: "daily", hour, timezone },
    });
    expect(saved.status).toBe(200);
    await seedEmail(reader.id, { subject: "Read by two workers" });

    // The job queue's tables first: two workers making them at once on a fresh schema can deadlock.
    await runDueJobs();
    // Both write the outbox where this test reads it; each ticks every second and says so (LOG_LEVEL=debug).
    const workers = [1, 2].map(() =>
      startInstance("worker", { DATA_DIR: process.env.DATA_DIR!, DIGEST_TICK_SECONDS: "1", LOG_LEVEL: "debug" }),
    );
    await Promise.all(workers.map((worker) => worker.waitFor(/running jobs/, 60_000)));
    const took = await within(60_000, async () => (await mailsTo(reader)).length > 0);
    console.log(`two workers: the due digest was written ${(took / 1000).toFixed(1)} s after both were running`);

    // Three more ticks of each pass: still one claim and one mail.
    const ticks = (worker: (typeof workers)[number]) => worker.output().split('"msg":"Digest tick"').length - 1;
    const seen = workers.map(ticks);
    await within(60_000, async () => workers.every((worker, index) => ticks(worker) >= seen[index]! + 3));
    const mails = await mailsTo(reader);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your Paperboy digest: 1 new issue"]);
    expect(mails[0]!.text).toContain("Read by two workers");
    const claims = await getDb().select({ status: digestSend.status }).from(digestSend).where(eq(digestSend.userId, reader.id));
    expect(claims).toEqual([{ status: "sent" }]);
    await Promise.all(workers.map((worker) => (worker.child.kill("SIGTERM"), worker.exited)));
    for (const worker of workers) expect(await worker.exited).toBe(0);
  }, 300_000);
});
