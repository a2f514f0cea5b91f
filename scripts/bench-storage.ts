// `npm run bench:storage` (needs DATABASE_URL): files the corpus through receiveMessage for BENCH_SECONDS, 8 at
// once, with the bytes in the database and then (BENCH_BUCKET=1, the second run) in a bucket of s3rver on
// loopback, and prints the rate and what one message weighs in the database and in the bucket: the
// figures of docs/scaling.md.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchCorpus } from "./bench/corpus";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const inFlight = Number(process.env.BENCH_CONCURRENCY ?? 8);
const inBucket = process.env.BENCH_BUCKET === "1";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "paperboy-bench-storage-"));
process.env.MAIL_DOMAIN ??= "paperboy.localhost";
process.env.LOG_LEVEL ??= "warn";
if (!process.env.DATABASE_URL) throw new Error("bench:storage needs DATABASE_URL");

const { startBenchDns } = await import("./bench/ingest-auth");
const dns = await startBenchDns();
const bucket = inBucket ? await (await import("../tests/support/bucket")).startBucket() : null;
if (bucket) Object.assign(process.env, bucket.env);

const { closeDb, getDb, prepareDatabase } = await import("@/db/client");
const { sql } = await import("drizzle-orm");
const { user } = await import("@/db/schema");
const { receiveMessage } = await import("@/lib/mail/service");
const { objectStore } = await import("@/lib/storage/store");
await prepareDatabase();

async function databaseBytes(): Promise<{ database: number; inbound: number }> {
  const result = (await getDb().execute(
    sql`SELECT pg_database_size(current_database())::float8 AS database, pg_total_relation_size('inbound_message')::float8 AS inbound`,
  )) as unknown as { rows: { database: number; inbound: number }[] };
  return result.rows[0]!;
}

const set = benchCorpus({ to: `bench@${process.env.MAIL_DOMAIN}` });
const local = `bench-${Date.now().toString(36)}`;
await getDb()
  .insert(user)
  .values({ name: "Bench Reader", email: `${local}@bench.example`, username: local, uniqueLocal: local });
const to = `${local}@${process.env.MAIL_DOMAIN}`;
const run = `${Date.now()}`;
const withId = (raw: Buffer, index: number) => Buffer.concat([Buffer.from(`Message-ID: <storage-${run}-${index}@bench.example>\r\n`), raw]);

const before = await databaseBytes();
let count = 0;
let rawBytes = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (performance.now() - started < seconds * 1000) {
      const index = count++;
      const raw = withId(set[index % set.length]!, index);
      rawBytes += raw.length;
      await receiveMessage(raw, "cli", [to]);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
// This process's CPU, its preparing workers' too: unlike the rate, it hardly depends on the machine's load.
const cpu = process.cpuUsage(cpuBefore);
await getDb().execute(sql`CHECKPOINT`);
const after = await databaseBytes();
let objects = 0;
let objectBytes = 0;
if (inBucket)
  for await (const item of (await objectStore()).list("messages/")) {
    objects++;
    objectBytes += item.size;
  }
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `${inBucket ? "bucket" : "database"}: ${count} messages in ${elapsed.toFixed(1)} s, ${(count / elapsed).toFixed(1)} msg/s (${inFlight} at once)`,
);
console.log(`  CPU of this process: ${((cpu.user + cpu.system) / 1000 / count).toFixed(1)} ms a message`);
console.log(`  raw message: ${kb(rawBytes / count)} on average`);
console.log(
  `  database grew ${kb((after.database - before.database) / count)} a message (inbound_message ${kb((after.inbound - before.inbound) / count)})`,
);
if (inBucket) console.log(`  bucket: ${objects} objects, ${kb(objectBytes / Math.max(objects, 1))} each`);
await closeDb();
await bucket?.stop();
await dns.close();
process.exit(0);
