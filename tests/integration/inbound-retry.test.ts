import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { ParsedMessage } from "@/lib/mail/content/parse";
import { registerUser, useDatabase } from "../support/api";
import { deliver, inboundRow, mail, uniqueSender } from "./inbound-support";

// Subjects naming FLAKY fail while `fault.flaky` holds; POISON ones always do.
const fault = vi.hoisted(() => ({ flaky: true }));

vi.mock("@/lib/mail/content/mail-content", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/content/mail-content")>();
  return {
    ...actual,
    buildContent: async (parsed: ParsedMessage) => {
      if (parsed.subject.includes("POISON") || (fault.flaky && parsed.subject.includes("FLAKY")))
        throw new Error(`Filing exploded on ${parsed.subject}`);
      return actual.buildContent(parsed);
    },
  };
});

useDatabase();

/** As if the message's last attempt began `seconds` ago: the sweep's schedule is the row's own. */
async function age(id: number, seconds: number): Promise<void> {
  const { getDb } = await import("@/db/client");
  const { inboundMessage } = await import("@/db/schema");
  const then = sql`now() - make_interval(secs => ${seconds})`;
  await getDb()
    .update(inboundMessage)
    .set({ receivedAt: then, processedAt: sql`CASE WHEN ${inboundMessage.processedAt} IS NULL THEN NULL ELSE ${then} END` })
    .where(eq(inboundMessage.id, id));
}

async function sweepAndRun(): Promise<void> {
  const { sweepInbound } = await import("@/lib/mail/filing/retry");
  const { runDueJobs } = await import("@/lib/worker/testing");
  await sweepInbound();
  await runDueJobs();
}

async function emailsOf(userId: number): Promise<number> {
  const { getDb } = await import("@/db/client");
  const { email } = await import("@/db/schema");
  return (await getDb().select({ id: email.id }).from(email).where(eq(email.userId, userId))).length;
}

describe("filing again as a job", () => {
  it("files a message whose filing failed once the fault is gone, on the next sweep after its delay", async () => {
    const reader = await registerUser();
    const delivered = await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "FLAKY filing" }));
    const { message_id: id } = delivered.body as { message_id: number };
    expect(await inboundRow(id)).toMatchObject({ status: "failed", attempts: 1 });

    fault.flaky = false;
    // Not yet due: the first retry waits 15 s after the failed attempt.
    await sweepAndRun();
    expect(await inboundRow(id)).toMatchObject({ status: "failed", attempts: 1 });
    await age(id, 16);
    await sweepAndRun();
    expect(await inboundRow(id)).toMatchObject({ status: "filed", error: null, attempts: 2 });
    expect(await emailsOf(reader.id)).toBe(1);
  });

  it("files a message stored and never filed (the process died mid-filing)", async () => {
    const reader = await registerUser();
    const { insertInboundMessage } = await import("@/lib/mail/filing/repo");
    const raw = Buffer.from(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Crashed before filing" }));
    const { row } = await insertInboundMessage({
      dedupKey: `crash-${reader.id}`,
      source: "raw",
      envelopeTo: [],
      kept: { raw, rawKey: null, size: raw.length },
    });
    await age(row.id, 16);
    await sweepAndRun();
    expect(await inboundRow(row.id)).toMatchObject({ status: "filed", attempts: 2 });
    expect(await emailsOf(reader.id)).toBe(1);
  });

  it("ends a poison message failed with its reason after its last attempt, filing the others meanwhile", async () => {
    const reader = await registerUser();
    const poison = await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "POISON pill" }));
    const { message_id: id } = poison.body as { message_id: number };
    const { MAX_FILING_ATTEMPTS } = await import("@/lib/mail/filing/retry");
    for (let attempt = 2; attempt <= MAX_FILING_ATTEMPTS + 1; attempt++) {
      await age(id, 3600);
      await sweepAndRun();
    }
    const row = await inboundRow(id);
    expect(row).toMatchObject({ status: "failed", error: "Error: Filing exploded on POISON pill", attempts: MAX_FILING_ATTEMPTS });
    // The reason, never the message.
    expect(row.error).not.toContain("Hello reader");

    const fine = await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Fine after poison" }));
    expect(fine.status).toBe(202);
    expect(await emailsOf(reader.id)).toBe(1);
  });

  it("ends quietly when the message's reader is gone, and a job for a message that no longer exists", async () => {
    const reader = await registerUser();
    const { insertInboundMessage } = await import("@/lib/mail/filing/repo");
    const raw = Buffer.from(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Reader left" }));
    const { row } = await insertInboundMessage({
      dedupKey: `gone-${reader.id}`,
      source: "raw",
      envelopeTo: [],
      kept: { raw, rawKey: null, size: raw.length },
    });
    const { getDb } = await import("@/db/client");
    const { user } = await import("@/db/schema");
    await getDb().delete(user).where(eq(user.id, reader.id));
    await age(row.id, 16);
    const { enqueueJob } = await import("@/lib/jobs/queue");
    await enqueueJob("file-inbound", { inboundId: 2_000_000_000 });
    await sweepAndRun();
    expect(await inboundRow(row.id)).toMatchObject({ status: "filed", error: null });
  });
});
