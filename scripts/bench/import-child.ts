// One measure of `npm run bench:import`, in a process of its own so its peak RSS is its own:
//   parse <mbox>            mailparser's simpleParser on every message of the mbox, alone
//   import <mbox> [reader]  Paperboy's import job on the mbox, for a fresh reader (or that one again), until done
//   export <reader> <count> the reader's export zip, read to the end, after topping their mail up to <count>
// Prints one JSON line: { messages, seconds, maxRssMb, ... }.
import { createReadStream } from "node:fs";
import { sql } from "drizzle-orm";
import { cpuSample, databaseSecondsBetween, type CpuSample } from "./cpu";

const [mode, target, extra] = process.argv.slice(2);

function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

async function parseAlone(file: string) {
  const { simpleParser } = await import("mailparser");
  const { PARSER_OPTIONS } = await import("@/lib/mail/content/parse");
  const { splitMbox } = await import("@/lib/imports/mbox");
  let messages = 0;
  const started = performance.now();
  for await (const message of splitMbox(createReadStream(file, { highWaterMark: 1 << 20 }), 0, 26_214_400)) {
    if (message.raw) await simpleParser(message.raw, PARSER_OPTIONS);
    messages++;
  }
  return { messages, seconds: (performance.now() - started) / 1000 };
}

async function importAll(file: string, readerId?: number) {
  const { getDb, prepareDatabase } = await import("@/db/client");
  const { mailImport, user } = await import("@/db/schema");
  const { insertImport, findImport } = await import("@/lib/imports/repo");
  const { newUploadKey, uploadSink } = await import("@/lib/imports/upload");
  const { handleImportJob } = await import("@/lib/imports/job");
  // As `npm run worker` runs imports: messages prepared on worker threads.
  (await import("../preparing-workers")).usePreparingWorkersUnderTsx();
  await prepareDatabase();
  const local = `bench-import-${Date.now().toString(36)}`;
  const [reader] = readerId
    ? [{ id: readerId }]
    : await getDb()
        .insert(user)
        .values({ name: "Bench Importer", email: `${local}@bench.example`, username: local, uniqueLocal: local })
        .returning({ id: user.id });
  const { statSync } = await import("node:fs");
  const { pipeline } = await import("node:stream/promises");
  // Stored as an upload is, before the clock starts: the measure is of filing.
  const uploadKey = newUploadKey();
  await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), uploadSink(uploadKey));
  const row = await insertImport(reader.id, "mbox", statSync(file).size, uploadKey);
  const cpuBefore = await cpuSample(process.env.DATABASE_URL ?? "", process.pid);
  const started = performance.now();
  for (;;) {
    await handleImportJob({ importId: row.id });
    const current = await findImport(reader.id, row.id);
    if (!current || current.status !== "running") break;
    // The lease of a slice that ended is released; a crash would leave it to lapse.
    await getDb()
      .update(mailImport)
      .set({ leaseUntil: null })
      .where(sql`${mailImport.id} = ${row.id}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(cpuBefore, await cpuSample(process.env.DATABASE_URL ?? "", process.pid));
  const done = await findImport(reader.id, row.id);
  return {
    messages: done?.processed ?? 0,
    seconds,
    filed: done?.filed,
    skipped: done?.skipped,
    failed: done?.failed,
    readerId: reader.id,
    ...cpu,
  };
}

/** CPU seconds of this process (every thread) and of PostgreSQL (the database's backends, its writers) between two samples. */
function cpuSeconds(before: CpuSample | null, after: CpuSample | null) {
  if (!before || !after) return {};
  return { cpuSeconds: after.door - before.door, databaseCpuSeconds: databaseSecondsBetween(before, after) };
}

async function exportAll(readerId: number, count: number) {
  const { getDb, prepareDatabase } = await import("@/db/client");
  const { exportAccount } = await import("@/lib/account/export");
  await prepareDatabase();
  // Copies of the reader's own emails (same stored originals) until they hold `count`.
  await getDb().execute(sql`
    INSERT INTO email (user_id, issue_id, newsletter_id, inbound_message_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received)
    SELECT e.user_id, e.issue_id, e.newsletter_id, e.inbound_message_id, e.message_key || ':copy' || n, e.subject, e.sender_name, e.sender_email, e.summary, e.body_plain, e.word_count, e.date_received
    FROM (SELECT *, row_number() OVER (ORDER BY id) AS position FROM email WHERE user_id = ${readerId}) e
    CROSS JOIN generate_series(1, ${count}) n
    WHERE (n * (SELECT count(*) FROM email WHERE user_id = ${readerId}) + e.position) <= ${count}`);
  const counted = (await getDb().execute(sql`SELECT count(*)::int AS total FROM email WHERE user_id = ${readerId}`)) as unknown as {
    rows: { total: number }[];
  };
  const started = performance.now();
  let bytes = 0;
  const reader = exportAccount(readerId).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  return { messages: counted.rows[0]?.total ?? 0, seconds: (performance.now() - started) / 1000, zipMb: bytes / 1_048_576 };
}

const result =
  mode === "parse"
    ? await parseAlone(target)
    : mode === "import"
      ? await importAll(target, extra ? Number(extra) : undefined)
      : await exportAll(Number(target), Number(extra));
console.log(JSON.stringify({ ...result, maxRssMb: Math.round(peakRssMb()) }));
const { closeDb } = await import("@/db/client");
await closeDb();
process.exit(0);
