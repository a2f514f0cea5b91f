// `npm run bench:feed`: seeds 1,000,000 emails into a PostgreSQL database of its own (once), serves the
// production build against it, and measures the feed beside GET /api/health, the framework's ceiling, in
// rounds: every scenario once a round, and the spread of the rounds' ratios printed beside the whole run's.
// Each feed scenario runs twice: on the server as it ships, which answers an unchanged page from the answers
// it keeps (lib/issues/feed-answers.ts), and on a second server keeping none (FEED_ANSWERS_MB=0), which reads
// every page anew, as after each change.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { ensureDatabase, measure, measureInRounds, printTable, root, signInReader, startServer, type Target } from "./bench/harness";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/paperboy_bench";
const port = Number(process.env.BENCH_PORT ?? 3300);
const uncachedPort = port + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 16;
// Each scenario's seconds are spread over this many rounds, every scenario once a round.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const base = `http://127.0.0.1:${port}`;
const heavy = { name: "Heavy Reader", email: "heavy@bench.example", password: "bench-password" };

const STREAMS = 200;

/** Opens `count` event streams of the reader, each read as it arrives; aborting the controller ends them all. */
async function openEventStreams(cookie: string, count: number): Promise<AbortController> {
  const controller = new AbortController();
  await Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${base}/api/users/me/events`, { headers: { cookie }, signal: controller.signal });
      if (response.status !== 200 || !response.body) throw new Error(`event stream answered ${response.status}`);
      void response.body.pipeTo(new WritableStream()).catch(() => undefined);
    }),
  );
  return controller;
}

async function seedOnce(heavyUserId: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM email WHERE message_key LIKE 'bench-%'");
  if ((rows[0]?.count ?? 0) >= 1_000_000) {
    console.log(`Using the ${rows[0]!.count} emails seeded before.`);
  } else {
    console.log("Seeding 1,000,000 emails (once; a few minutes)...");
    const started = Date.now();
    const sql = readFileSync(path.join(root, "scripts", "bench", "feed-seed.sql"), "utf8").replaceAll(":heavy", String(heavyUserId));
    await client.query(sql);
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  // As autovacuum would in steady state: index-only scans need the visibility map, which seeding and a
  // migration that rewrites the table leave empty. Quick when nothing changed since the last run.
  await client.query("VACUUM ANALYZE");
  await client.end();
}

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  const env = { DATABASE_URL: databaseUrl, AUTH_SECRET: "bench-secret-bench-secret-bench-secret" };
  const server = await startServer({ ...env, APP_URL: base }, port);
  // One after the other: both would otherwise migrate and load the catalog at once.
  const uncached = await startServer({ ...env, APP_URL: `http://127.0.0.1:${uncachedPort}`, FEED_ANSWERS_MB: "0" }, uncachedPort).catch(
    (error: unknown) => {
      server.kill("SIGTERM");
      throw error;
    },
  );
  try {
    const { cookie, id } = await signInReader(base, heavy);
    await seedOnce(id);
    const feed = `${base}/api/issues/feed`;
    const health: Target = { name: "GET /api/health", url: `${base}/api/health` };
    const scenarios = [
      { name: "default feed", url: feed },
      {
        name: "filtered feed",
        url: `${feed}?read_status=unread&subscription_status=subscribed&recency_filter=last_90_days&sort_by=subject&sort_order=asc`,
      },
      { name: "full-text search", url: `${feed}?search=quantum%20galaxy` },
      // docs/contract.md 7.4: search operators, parsed into the feed's conditions.
      { name: "search operators", url: `${feed}?search=${encodeURIComponent("from:letter300.example is:unread after:2020-01-01 -pasta")}` },
      { name: "page 200", url: `${feed}?page=200` },
    ].flatMap((scenario): Target[] => [
      { ...scenario, cookie },
      {
        name: `${scenario.name}, read anew`,
        url: scenario.url.replace(`:${port}/`, `:${uncachedPort}/`),
        cookie,
        serverPid: uncached.pid,
      },
    ]);
    // A server in use is warm (each route's modules, JIT, prepared statements): two unmeasured seconds per route first.
    for (const { name, url, cookie: session } of [health, ...scenarios])
      await measure(name, url, { cookie: session, connections, seconds: 2 });
    // docs/contract.md 7.5: readers with the feed open each hold an event stream; the feed must not slow for them.
    const withStreams: Target = {
      name: `default feed, ${STREAMS} event streams open`,
      url: feed,
      cookie,
      around: async () => {
        const streams = await openEventStreams(cookie, STREAMS);
        return () => streams.abort();
      },
    };
    const rows = await measureInRounds([health, ...scenarios, withStreams], {
      connections,
      seconds,
      rounds,
      cpu: { pid: server.pid, databaseUrl },
    });
    console.log(`\nHeavy user: 50,000 emails of 1,000,000; ${connections} connections, ${seconds} s each in ${rounds} rounds.\n`);
    printTable(rows, rows[0]!);
  } finally {
    server.kill("SIGTERM");
    uncached.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
