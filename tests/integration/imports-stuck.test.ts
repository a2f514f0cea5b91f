import "./imports-env";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runAdmin } from "@/lib/admin";
import { POST as postImport } from "@/app/api/users/me/imports/route";
import { registerUser, useDatabase, type TestUser } from "../support/api";
import { importedNewsletter } from "./inbound-support";
import { mbox } from "../support/mbox";

// Issue 33: an import that cannot go on fails once, with its reason, logged and counted, instead of
// queueing jobs for ever; an operator lists, cancels and queues again imports; abandoned uploads are swept.

// Makes reading an mbox throw, as a persistent fault would (a bug, a message that breaks the parser).
const fault = vi.hoisted(() => ({ on: false }));
vi.mock("@/lib/imports/mbox", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/imports/mbox")>();
  return {
    ...actual,
    splitMbox: (...args: Parameters<typeof actual.splitMbox>) => {
      if (fault.on) throw new Error("the parser broke");
      return actual.splitMbox(...args);
    },
  };
});

useDatabase();

async function startImport(reader: TestUser, subject: string): Promise<number> {
  const request = new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
    method: "POST",
    headers: { cookie: reader.cookie, "content-type": "application/mbox" },
    body: new Uint8Array(mbox([importedNewsletter(subject)])),
  });
  const response = await postImport(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: number }).id;
}

async function db() {
  return (await import("@/db/client")).getDb();
}

async function importRow(id: number) {
  const { mailImport, uploadChunk } = await import("@/db/schema");
  const [row] = await (await db()).select().from(mailImport).where(eq(mailImport.id, id));
  const chunks = await (
    await db()
  )
    .select({ seq: uploadChunk.seq })
    .from(uploadChunk)
    .where(eq(uploadChunk.uploadKey, row.uploadKey ?? ""));
  return { status: row.status, error: row.error, filed: row.filed, chunks: chunks.length, key: row.uploadKey ?? "" };
}

/** This import's jobs in pg-boss, by state: `created` waits, `failed` is over. */
async function importJobs(id: number): Promise<Record<string, number>> {
  const result = (await (
    await db()
  ).execute(
    sql`SELECT state, count(*)::int AS count FROM ${sql.identifier(process.env.JOBS_SCHEMA!)}.job WHERE name = 'mail-import' AND (data->>'importId')::int = ${id} GROUP BY state`,
  )) as unknown as { rows: { state: string; count: number }[] };
  return Object.fromEntries(result.rows.map((row) => [row.state, row.count]));
}

async function runDueJobs() {
  await (await import("@/lib/worker/testing")).runDueJobs();
}

/** What the watch job does once the slice's lease has lapsed: the same import, one attempt further. */
async function watch(id: number, attempt: number) {
  const { mailImport } = await import("@/db/schema");
  await (
    await db()
  )
    .update(mailImport)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(eq(mailImport.id, id));
  const { handleImportJob } = await import("@/lib/imports/job");
  return handleImportJob({ importId: id, attempt });
}

async function failedJobsMetric(): Promise<number> {
  process.env.METRICS_TOKEN ??= "stuck-imports-metrics-token";
  const { renderMetrics } = await import("@/lib/observability/service");
  const { text } = await renderMetrics();
  const line = text.split("\n").find((entry) => entry.startsWith('paperboy_jobs{queue="mail-import",state="failed"'));
  return Number(line?.split(" ").at(-1) ?? 0);
}

async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

describe("an import that cannot go on", () => {
  it("whose upload is gone, fails once: its reason for the reader, one failed job for the operator, counted in the metrics", async () => {
    const reader = await registerUser();
    const id = await startImport(reader, "Gone");
    const { uploadChunk } = await import("@/db/schema");
    await (await db()).delete(uploadChunk).where(eq(uploadChunk.uploadKey, (await importRow(id)).key));
    const failedBefore = await failedJobsMetric();
    await runDueJobs();
    expect(await importRow(id)).toMatchObject({ status: "failed", error: "The uploaded file is no longer stored: upload it again." });
    // One failed job, not retried; the watch queued before the slice began finds the import over and does nothing.
    expect(await importJobs(id)).toEqual({ failed: 1, created: 1 });
    expect(await failedJobsMetric()).toBe(failedBefore + 1);
    const failed = await admin("jobs", "failed");
    expect(
      failed.out.some(
        (line) => line.includes("\tmail-import\t1 attempts\t") && line.endsWith(`Import ${id}: its upload is no longer stored`),
      ),
    ).toBe(true);
    await watch(id, 1);
    expect(await importJobs(id)).toEqual({ failed: 1, created: 1 });
  });

  it("whose slices keep failing, goes on later twice, then fails once with its reason and drops its upload", async () => {
    const reader = await registerUser();
    const id = await startImport(reader, "Broken");
    const { handleImportJob, IMPORT_ATTEMPTS } = await import("@/lib/imports/job");
    fault.on = true;
    try {
      await handleImportJob({ importId: id });
      for (let attempt = 1; attempt < IMPORT_ATTEMPTS - 1; attempt++) await watch(id, attempt);
      expect(await importRow(id)).toMatchObject({ status: "running", chunks: 1 });
      // One watch per slice, none of them due yet: nothing multiplies.
      expect(await importJobs(id)).toEqual({ created: IMPORT_ATTEMPTS });
      await expect(watch(id, IMPORT_ATTEMPTS - 1)).rejects.toThrow(
        `Import ${id}: failed ${IMPORT_ATTEMPTS} times in a row: the parser broke`,
      );
    } finally {
      fault.on = false;
    }
    expect(await importRow(id)).toMatchObject({
      status: "failed",
      error: "The import stopped: it was interrupted several times in a row. Upload the file again.",
      chunks: 0,
    });
  });

  it("interrupted as many times in a row (a process killed by it), fails when its watch comes", async () => {
    const reader = await registerUser();
    const id = await startImport(reader, "Crashing");
    const { IMPORT_ATTEMPTS } = await import("@/lib/imports/job");
    await expect(watch(id, IMPORT_ATTEMPTS)).rejects.toThrow(`Import ${id}: interrupted ${IMPORT_ATTEMPTS} times in a row`);
    expect(await importRow(id)).toMatchObject({ status: "failed", chunks: 0 });
  });
});

describe("npm run admin -- imports", () => {
  it("lists imports, cancels a running one for good, and refuses what it cannot do in one line", async () => {
    const reader = await registerUser();
    const id = await startImport(reader, "Cancelled");
    const listed = await admin("imports", "list");
    expect(listed.code).toBe(0);
    expect(
      listed.out.some((line) => line.startsWith(`${id}\tuser ${reader.id}\tmbox\trunning\t0/?\t`) && line.includes("\tlease none")),
    ).toBe(true);
    expect(await admin("imports", "cancel", String(id))).toEqual({
      code: 0,
      out: [`${id} cancelled: its reader sees it failed, its upload is dropped`],
      err: [],
    });
    expect(await importRow(id)).toMatchObject({ status: "failed", error: "The import was cancelled by the administrator.", chunks: 0 });
    // Its job finds nothing to do; the import stays cancelled.
    await runDueJobs();
    expect(await importRow(id)).toMatchObject({ status: "failed", error: "The import was cancelled by the administrator.", filed: 0 });

    expect(await admin("imports", "cancel", String(id))).toEqual({ code: 1, out: [], err: [`Import ${id} is not running (failed)`] });
    expect(await admin("imports", "retry", "999999999")).toEqual({ code: 1, out: [], err: ["Import not found"] });
    expect((await admin("imports", "retry", "x")).err).toEqual(["An import id is a positive whole number"]);
    expect((await admin("imports", "pause", "1")).code).toBe(2);
  });

  it("queues again a running import whose jobs were lost, which then goes on to the end", async () => {
    const reader = await registerUser();
    const id = await startImport(reader, "Requeued");
    // The queue lost its jobs (wiped, or a restore from before they existed).
    await (
      await db()
    ).execute(
      sql`DELETE FROM ${sql.identifier(process.env.JOBS_SCHEMA!)}.job WHERE name = 'mail-import' AND (data->>'importId')::int = ${id}`,
    );
    expect(await admin("imports", "retry", String(id))).toEqual({ code: 0, out: [`${id} queued again from message 1`], err: [] });
    await runDueJobs();
    expect(await importRow(id)).toMatchObject({ status: "done", filed: 1, chunks: 0 });
  });
});

describe("abandoned uploads", () => {
  it("are swept by the worker's periodic sweep, with no upload or import starting", async () => {
    const { uploadChunk } = await import("@/db/schema");
    const abandoned = `abandoned-${randomUUID()}`;
    await (
      await db()
    )
      .insert(uploadChunk)
      .values({ uploadKey: abandoned, seq: 0, data: Buffer.from("From a"), createdAt: sql`now() - interval '1 day'` });
    const { startWorker, stopWorker } = await import("@/lib/worker/service");
    await startWorker();
    try {
      await vi.waitFor(
        async () => expect(await (await db()).select().from(uploadChunk).where(eq(uploadChunk.uploadKey, abandoned))).toEqual([]),
        { timeout: 10_000, interval: 200 },
      );
    } finally {
      await stopWorker(5_000);
    }
  });
});
