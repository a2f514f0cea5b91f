import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { ensureDatabase, root, signInReader, startServer } from "./harness";

const KB = 1024;

/** Newsletters of 50 to 150 KB: the corpus's HTML bodies (or the fixtures'), grown with more of their own text. */
function realisticMix(to: string): Buffer[] {
  const corpus = path.resolve(root, "../shared/corpus");
  const dir = existsSync(corpus) ? corpus : path.join(root, "tests/fixtures/mail");
  const bodies = readdirSync(dir)
    .filter((name) => name.endsWith(".html"))
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
  const sources = bodies.length > 0 ? bodies : ["<p>An issue about careful reporting on small things.</p>"];
  return Array.from({ length: 40 }, (_, index) => {
    const target = (50 + ((index * 37) % 101)) * KB;
    let html = sources[index % sources.length]!;
    const filler = `<p>${"Further reading, analysis and links from this week's issue. ".repeat(40)}</p>`;
    while (html.length < target) html += filler;
    const head = [
      "From: Bench Weekly <news@bench-weekly.example>",
      `To: ${to}`,
      `Subject: Bench issue ${index}`,
      `Date: ${new Date(Date.UTC(2026, 0, 1 + index)).toUTCString()}`,
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=utf-8",
    ].join("\r\n");
    return Buffer.from(`${head}\r\n\r\n${html}`);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `inFlight` senders for `seconds`, each message with a fresh Message-ID so every one is filed. */
async function postAll(url: string, secret: string, set: Buffer[], inFlight: number, seconds: number) {
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const started = performance.now();
  const sender = async () => {
    while (performance.now() - started < seconds * 1000) {
      const index = sent++;
      const raw = Buffer.concat([Buffer.from(`Message-ID: <route-${started}-${index}@bench.example>\r\n`), set[index % set.length]!]);
      const begun = performance.now();
      // A refused connection counts against the route, like any answer other than 202.
      const status = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "message/rfc822" }, body: raw })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 0);
      latencies.push(performance.now() - begun);
      if (status !== 202) failed++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  return { perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failed, count: latencies.length };
}

async function parseAlone(set: Buffer[], seconds: number): Promise<number> {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) await simpleParser(set[count++ % set.length]!);
  return count / ((performance.now() - started) / 1000);
}

/** Messages per second and latency through POST /api/inbound/email, beside mailparser alone on the same messages. */
export async function benchRoute(options: { seconds: number; inFlight: number }): Promise<{ ok: boolean }> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/paperboy_bench_ingest";
  const port = Number(process.env.BENCH_PORT ?? 3302);
  const base = `http://127.0.0.1:${port}`;
  const secret = "bench-inbound-secret";
  await ensureDatabase(databaseUrl);
  const server = await startServer({ DATABASE_URL: databaseUrl, APP_URL: base, AUTH_SECRET: "bench-secret-bench-secret-bench-secret", INBOUND_SECRET: secret }, port);
  try {
    const reader = await signInReader(base, { name: "Ingest Reader", email: "ingest@bench.example", password: "bench-password" });
    const set = realisticMix(reader.uniqueEmail);
    const kilobytes = set.reduce((sum, raw) => sum + raw.length, 0) / set.length / KB;
    await postAll(`${base}/api/inbound/email`, secret, set.slice(0, 8), options.inFlight, 2);
    const route = await postAll(`${base}/api/inbound/email`, secret, set, options.inFlight, options.seconds);
    const parser = await parseAlone(set, options.seconds);
    console.log(`\nThrough POST /api/inbound/email: ${set.length} newsletters of ${kilobytes.toFixed(0)} KB on average, ${options.inFlight} at once`);
    console.log(`  raw route       ${route.perSecond.toFixed(1).padStart(7)} msg/s  p50 ${route.p50.toFixed(0)} ms  p95 ${route.p95.toFixed(0)} ms  (${route.count} messages, ${route.failed} not 202)`);
    console.log(`  mailparser alone ${parser.toFixed(1).padStart(6)} msg/s  (same messages, one at a time)`);
    const ratio = route.perSecond / parser;
    console.log(`  the route runs at ${(ratio * 100).toFixed(0)}% of the mailparser-alone rate`);
    const ok = route.failed === 0 && route.perSecond >= 100 && ratio >= 0.5;
    console.log(ok ? "  PASS: >= 100 msg/s and >= half the mailparser rate" : "  FAIL: below 100 msg/s or below half the mailparser rate");
    return { ok };
  } finally {
    server.kill("SIGTERM");
  }
}

/** The same mix, for profiling preparation alone. */
export function realisticMixForProfile(to: string): Buffer[] {
  return realisticMix(to);
}
