// `npm run bench:ingest`: messages per second of mailparser alone, of Paperboy's processing (parse,
// forwards, sanitizing, summary, shared form) and of full filing into the database, over the shared
// corpus (../shared/corpus) or, without it, the test fixtures; then the same 400 newsletters through both
// doors of a production server, the raw route and the SMTP receiver, and one 20 MB message through the
// route (scripts/bench/ingest-route.ts), each line with its ratio to mailparser's parse-alone rate of the
// same run; last, hostile nesting beside an ordinary message (scripts/bench/ingest-hostile.ts). Fails
// when processing runs below 100 msg/s or half the mailparser-alone rate, when the route misses issues
// 19's and 41's goals, or when hostile nesting files past linear time or holds an ordinary message up.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchCorpus, withMessageId } from "./bench/corpus";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const inFlight = Number(process.env.BENCH_CONCURRENCY ?? 8);
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "paperboy-bench-ingest-"));
process.env.MAIL_DOMAIN ??= "paperboy.localhost";

// Every delivery below is authenticated (issue 28) against a DNS server on loopback, started before anything reads DNS_RESOLVER.
const { benchAuth, startBenchDns } = await import("./bench/ingest-auth");
const dns = await startBenchDns();
const { simpleParser } = await import("mailparser");
const { parseAndBuild, sharedContent } = await import("@/lib/mail/content/mail-content");

async function rate(label: string, set: Buffer[], work: (raw: Buffer, index: number) => Promise<unknown>, inFlight = 1): Promise<number> {
  for (const [index, raw] of set.entries()) await work(raw, -1 - index);
  let count = 0;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() - started < seconds * 1000) {
      const index = count++;
      await work(set[index % set.length], index);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const perSecond = count / ((performance.now() - started) / 1000);
  console.log(`${label.padEnd(34)} ${perSecond.toFixed(1).padStart(8)} msg/s  (${count} messages)`);
  return perSecond;
}

type Work = [label: string, work: (raw: Buffer) => Promise<unknown>];

async function interleaved(set: Buffer[], ...works: Work[]): Promise<number[]> {
  const elapsed = works.map(() => 0);
  const counts = works.map(() => 0);
  for (const [, work] of works) for (const raw of set) await work(raw);
  const started = performance.now();
  while (performance.now() - started < seconds * 1000 * works.length) {
    for (const [index, [, work]] of works.entries()) {
      const passStarted = performance.now();
      for (const raw of set) await work(raw);
      elapsed[index] += performance.now() - passStarted;
      counts[index] += set.length;
    }
  }
  return works.map(([label], index) => {
    const perSecond = counts[index] / (elapsed[index] / 1000);
    console.log(`${label.padEnd(34)} ${perSecond.toFixed(1).padStart(8)} msg/s  (${counts[index]} messages)`);
    return perSecond;
  });
}

async function fileIntoDatabase(set: Buffer[]): Promise<number> {
  const { closeDb, getDb, prepareDatabase } = await import("@/db/client");
  const { user } = await import("@/db/schema");
  const { receiveMessage } = await import("@/lib/mail/service");
  await prepareDatabase();
  const local = `bench-${Date.now().toString(36)}`;
  await getDb()
    .insert(user)
    .values({ name: "Bench Reader", email: `${local}@bench.example`, username: local, uniqueLocal: local });
  const to = `${local}@${process.env.MAIL_DOMAIN}`;
  const run = `${Date.now()}`;
  // A fresh Message-ID each time, so every delivery is filed rather than answered as a duplicate.
  const withId = (raw: Buffer, index: number) => withMessageId(raw, `bench-${run}-${index}@bench.example`);
  try {
    // Relays deliver concurrently; the server files several messages at once.
    return await rate(
      `file into the database (${inFlight} at once)`,
      set,
      (raw, index) => receiveMessage(withId(raw, index), "cli", [to]).catch(() => undefined),
      inFlight,
    );
  } finally {
    await closeDb();
  }
}

// The corpus's bodies-only files get the headers a delivery would have.
const set = benchCorpus({ to: `bench@${process.env.MAIL_DOMAIN}` });
const kilobytes = set.reduce((sum, raw) => sum + raw.length, 0) / set.length / 1024;
console.log(`${set.length} messages, ${kilobytes.toFixed(1)} KB on average, ${seconds} s per measure\n`);
// Alternating whole passes makes both figures share the machine's load of the moment.
const [parserAlone, processing] = await interleaved(
  set,
  ["mailparser simpleParser alone", (raw) => simpleParser(raw)],
  [
    "parse + process + shared form",
    async (raw) => {
      const { content } = await parseAndBuild(raw);
      return sharedContent(content, { addresses: ["bench@paperboy.localhost"], names: ["Bench Reader"], unsubscribeUrls: [] });
    },
  ],
);
await fileIntoDatabase(set);
const rules = await (await import("./bench/ingest-rules")).benchRules(set, { seconds, inFlight });
const auth = await benchAuth(set, { seconds, inFlight });
const ratio = processing / parserAlone;
console.log(`\nprocessing runs at ${(ratio * 100).toFixed(0)}% of the mailparser-alone rate`);
const ok = processing >= 100 && ratio >= 0.5;
console.log(ok ? "PASS: >= 100 msg/s and >= half the mailparser rate" : "FAIL: below 100 msg/s or below half the mailparser rate");
const { benchRoute } = await import("./bench/ingest-route");
const route = await benchRoute({ seconds, inFlight });
const hostile = await (await import("./bench/ingest-hostile")).benchHostile(set[0]!);
await dns.close();
// Exits rather than waits: the hostile line's preparing workers hold the process open.
process.exit(ok && route.ok && rules.ok && auth.ok && hostile.ok ? 0 : 1);
