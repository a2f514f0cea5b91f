import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { Client } from "pg";
import { PARSER_OPTIONS as PAPERBOY_PARSER_OPTIONS } from "@/lib/mail/parse";
import { ensureDatabase, root, signInReader, startServer } from "./harness";

const KB = 1024;

/**
 * Newsletters of 50 to 150 KB: the corpus's HTML bodies (or the fixtures'). A smaller one grows by
 * repeating its own body, so markup and text keep a real newsletter's proportions (about a tenth of
 * the bytes are text); padding with prose made every message an essay of 60 KB of text.
 */
export function realisticMix(to: string): Buffer[] {
  const corpus = path.resolve(root, "../shared/corpus");
  const dir = existsSync(corpus) ? corpus : path.join(root, "tests/fixtures/mail");
  const bodies = readdirSync(dir)
    .filter((name) => name.endsWith(".html"))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
  const sources = bodies.length > 0 ? bodies : ["<p>An issue about careful reporting on small things.</p>"];
  return Array.from({ length: 40 }, (_, index) => {
    const html = grownTo(sources[index % sources.length]!, (50 + ((index * 37) % 101)) * KB);
    const head = [
      "From: Bench Weekly <news@bench-weekly.example>",
      `To: ${to}`,
      `Date: ${new Date(Date.UTC(2026, 0, 1 + index)).toUTCString()}`,
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=utf-8",
    ].join("\r\n");
    return Buffer.from(`${head}\r\n\r\n${html}`);
  });
}

function grownTo(html: string, target: number): string {
  if (html.length >= target) return html;
  const lower = html.toLowerCase();
  const opening = lower.indexOf("<body");
  const start = opening === -1 ? 0 : lower.indexOf(">", opening) + 1;
  const closing = lower.lastIndexOf("</body");
  const end = closing === -1 ? html.length : closing;
  const body = html.slice(start, end).trim() || html;
  let copies = "";
  while (html.length + copies.length < target) copies += body;
  return html.slice(0, end) + copies + html.slice(end);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One POST over a kept-alive connection; a refused connection answers 0. */
function post(agent: http.Agent, url: URL, secret: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${secret}`, "content-type": "message/rfc822", "content-length": body.length },
    });
    request.on("response", (response) => response.resume().on("end", () => resolve(response.statusCode ?? 0)));
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

/**
 * `inFlight` senders for `seconds`. Each message is a new issue (its own Message-ID and subject), so
 * every one is filed with its own edition and shared form, as a reader's stream of newsletters is.
 */
async function postAll(url: string, secret: string, set: Buffer[], inFlight: number, seconds: number) {
  // node:http rather than fetch: the sender shares the machine's two cores with the server it measures.
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const target = new URL(url);
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const started = performance.now();
  const sender = async () => {
    while (performance.now() - started < seconds * 1000) {
      const index = sent++;
      const head = `Message-ID: <route-${started}-${index}@bench.example>\r\nSubject: Bench issue ${started.toFixed(0)}-${index}\r\n`;
      const raw = Buffer.concat([Buffer.from(head), set[index % set.length]!]);
      const begun = performance.now();
      const status = await post(agent, target, secret, raw);
      latencies.push(performance.now() - begun);
      if (status !== 202) failed++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    failed,
    count: latencies.length,
  };
}

async function parseAlone(set: Buffer[], seconds: number, options?: Parameters<typeof simpleParser>[1]): Promise<number> {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) await simpleParser(set[count++ % set.length]!, options);
  return count / ((performance.now() - started) / 1000);
}

type CpuSample = { server: number; database: number; sender: number };

/** CPU seconds used so far by the app server's processes, PostgreSQL's and this sender, from /proc (Linux only; null elsewhere). */
function cpuSample(): CpuSample | null {
  if (!existsSync("/proc/self/stat")) return null;
  const ticksPerSecond = 100; // USER_HZ
  const sample: CpuSample = { server: 0, database: 0, sender: 0 };
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // the process ended meanwhile
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    if (name.startsWith("next-server")) sample.server += seconds;
    else if (name === "postgres") sample.database += seconds;
  }
  const own = process.cpuUsage();
  sample.sender = (own.user + own.system) / 1e6;
  return sample;
}

/** Where a message's CPU went, and the rate that CPU allows on this machine's cores. */
function describeCpu(before: CpuSample | null, after: CpuSample | null, messages: number): string | null {
  if (!before || !after || messages === 0) return null;
  const per = (key: keyof CpuSample) => ((after[key] - before[key]) * 1000) / messages;
  const [server, database, sender] = [per("server"), per("database"), per("sender")];
  const total = server + database + sender;
  const cores = availableParallelism();
  return `  CPU per message: server ${server.toFixed(1)} ms, PostgreSQL ${database.toFixed(1)} ms, sender ${sender.toFixed(1)} ms; ${total.toFixed(1)} ms in all, at most ${((cores * 1000) / total).toFixed(0)} msg/s on ${cores} cores`;
}

/** Fresh planner statistics, as autovacuum keeps them on a server that runs it (it is off on these machines). */
async function analyze(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query("ANALYZE");
  await client.end();
}

/** Messages per second and latency through POST /api/inbound/email, beside mailparser alone on the same messages. */
export async function benchRoute(options: { seconds: number; inFlight: number }): Promise<{ ok: boolean }> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/paperboy_bench_ingest";
  const port = Number(process.env.BENCH_PORT ?? 3302);
  const base = `http://127.0.0.1:${port}`;
  const secret = "bench-inbound-secret";
  await ensureDatabase(databaseUrl);
  const server = await startServer(
    { DATABASE_URL: databaseUrl, APP_URL: base, AUTH_SECRET: "bench-secret-bench-secret-bench-secret", INBOUND_SECRET: secret },
    port,
  );
  try {
    const reader = await signInReader(base, { name: "Ingest Reader", email: "ingest@bench.example", password: "bench-password" });
    const set = realisticMix(reader.uniqueEmail);
    const kilobytes = set.reduce((sum, raw) => sum + raw.length, 0) / set.length / KB;
    await postAll(`${base}/api/inbound/email`, secret, set.slice(0, 8), options.inFlight, 2);
    await analyze(databaseUrl);
    const cpuBefore = cpuSample();
    const route = await postAll(`${base}/api/inbound/email`, secret, set, options.inFlight, options.seconds);
    const cpu = describeCpu(cpuBefore, cpuSample(), route.count);
    const parser = await parseAlone(set, options.seconds);
    // Paperboy turns off mailparser's HTML-to-text and text-to-HTML conversions (it derives its own text).
    const parserAsUsed = await parseAlone(set, options.seconds, PAPERBOY_PARSER_OPTIONS);
    console.log(
      `\nThrough POST /api/inbound/email: ${set.length} newsletters of ${kilobytes.toFixed(0)} KB on average, ${options.inFlight} at once`,
    );
    console.log(
      `  raw route       ${route.perSecond.toFixed(1).padStart(7)} msg/s  p50 ${route.p50.toFixed(0)} ms  p95 ${route.p95.toFixed(0)} ms  (${route.count} messages, ${route.failed} not 202)`,
    );
    if (cpu) console.log(cpu);
    console.log(`  mailparser alone ${parser.toFixed(1).padStart(6)} msg/s  (same messages, one at a time, default options)`);
    console.log(`  mailparser alone ${parserAsUsed.toFixed(1).padStart(6)} msg/s  (with the options Paperboy parses with)`);
    const ratio = route.perSecond / parser;
    console.log(`  the route runs at ${(ratio * 100).toFixed(0)}% of the mailparser-alone rate`);
    const ok = route.failed === 0 && route.perSecond >= 100 && ratio >= 0.5;
    console.log(ok ? "  PASS: >= 100 msg/s and >= half the mailparser rate" : "  FAIL: below 100 msg/s or below half the mailparser rate");
    return { ok };
  } finally {
    server.kill("SIGTERM");
  }
}
