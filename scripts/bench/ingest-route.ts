import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { simpleParser } from "mailparser";
import { Client } from "pg";
import { PARSER_OPTIONS as PAPERBOY_PARSER_OPTIONS } from "@/lib/mail/content/parse";
import { signMail } from "../../tests/support/dkim";
import { cpuSample, describeCpu, peakRss, resetPeakRss } from "./cpu";
import { ensureDatabase, root, signInReader, startServer } from "./harness";
import { startWebhookReceiver, turnEverythingOn } from "./ingest-reader";
import { largeMessage, sendOverSmtp, startSmtpReceiver } from "./smtp-door";

const KB = 1024;

const SENDER = "news@bench-weekly.example";

/**
 * Newsletters of 50 to 150 KB: the corpus's HTML bodies (CORPUS_DIR, else ../shared/corpus, else the
 * fixtures'). A smaller one grows by repeating its own body, so markup and text keep a real newsletter's
 * proportions (about a tenth of the bytes are text); padding with prose made every message an essay of
 * 60 KB of text. Each carries a newsletter's List-Id and List-Unsubscribe, and one in ten a PDF.
 */
function realisticMix(to: string): Buffer[] {
  const corpus = process.env.CORPUS_DIR ?? path.resolve(root, "../shared/corpus");
  const dir = existsSync(corpus) ? corpus : path.join(root, "tests/fixtures/mail");
  const bodies = readdirSync(dir)
    .filter((name) => name.endsWith(".html"))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
  const sources = bodies.length > 0 ? bodies : ["<p>An issue about careful reporting on small things.</p>"];
  return Array.from({ length: 40 }, (_, index) => {
    const html = grownTo(sources[index % sources.length]!, (50 + ((index * 37) % 101)) * KB);
    const head = [
      `From: Bench Weekly <${SENDER}>`,
      `To: ${to}`,
      `Date: ${new Date(Date.UTC(2026, 0, 1 + index)).toUTCString()}`,
      "MIME-Version: 1.0",
      "List-Id: Bench Weekly <weekly.bench-weekly.example>",
      `List-Unsubscribe: <https://bench-weekly.example/unsubscribe/${index}>`,
    ].join("\r\n");
    if (index % 10 !== 0) return Buffer.from(`${head}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}`);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(16 * KB, `issue ${index} `)]).toString("base64");
    return Buffer.from(
      [
        `${head}\r\nContent-Type: multipart/mixed; boundary="bench-part"\r\n`,
        "--bench-part\r\nContent-Type: text/html; charset=utf-8\r\n",
        html,
        '--bench-part\r\nContent-Type: application/pdf; name="issue.pdf"\r\nContent-Disposition: attachment; filename="issue.pdf"\r\nContent-Transfer-Encoding: base64\r\n',
        (pdf.match(/.{1,76}/g) ?? []).join("\r\n"),
        "--bench-part--\r\n",
      ].join("\r\n"),
    );
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

/**
 * `count` deliveries cycling through the mix, each a new issue (its own Message-ID and subject), so every
 * one is filed with its own edition and shared form, as a reader's stream of newsletters is; each is
 * DKIM-signed for its From domain by the key the bench's DNS serves, as a real newsletter's mail is.
 */
async function deliveries(set: Buffer[], count: number, tag: string): Promise<Buffer[]> {
  const run = Date.now().toString(36);
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const head = `Message-ID: <${tag}-${run}-${index}@bench.example>\r\nSubject: Bench issue ${tag} ${run}-${index}\r\n`;
      return Buffer.from(await signMail(Buffer.concat([Buffer.from(head), set[index % set.length]!])));
    }),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Delivered = { perSecond: number; p50: number; p95: number; failed: number; count: number };

/** Sends every message through `send`, `inFlight` at once; `send` answers whether the door accepted it. */
async function deliverAll(messages: Buffer[], inFlight: number, send: (raw: Buffer) => Promise<boolean>): Promise<Delivered> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const sender = async () => {
    while (next < messages.length) {
      const raw = messages[next++]!;
      const begun = performance.now();
      if (!(await send(raw))) failed++;
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  return {
    perSecond: messages.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    failed,
    count: messages.length,
  };
}

/** One POST over a kept-alive connection; true when answered 202. */
function post(agent: http.Agent, url: URL, secret: string, body: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${secret}`, "content-type": "message/rfc822", "content-length": body.length },
    });
    request.on("response", (response) => response.resume().on("end", () => resolve(response.statusCode === 202)));
    request.on("error", () => resolve(false));
    request.end(body);
  });
}

async function parseAlone(set: Buffer[], seconds: number, options?: Parameters<typeof simpleParser>[1]): Promise<number> {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) await simpleParser(set[count++ % set.length]!, options);
  return count / ((performance.now() - started) / 1000);
}

/** Fresh planner statistics, as autovacuum keeps them on a server that runs it (it is off on these machines). */
async function analyze(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query("ANALYZE");
  await client.end();
}

/** The sums and counts of the inbound stages' histogram and of the raw route's request time, from GET /api/metrics. */
type StageTimes = Map<string, { seconds: number; count: number }>;

async function stageTimes(base: string, token: string): Promise<StageTimes> {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const times: StageTimes = new Map();
  const line = /^paperboy_(inbound_stage|http_request_duration)_seconds_(sum|count)\{([^}]*)\} (\S+)$/gm;
  for (const [, metric, kind, labels, value] of text.matchAll(line)) {
    const name =
      metric === "inbound_stage" ? /stage="([^"]+)"/.exec(labels!)?.[1] : /route="\/api\/inbound\/email"/.test(labels!) ? "request" : null;
    if (!name) continue;
    const entry = times.get(name) ?? { seconds: 0, count: 0 };
    if (kind === "sum") entry.seconds += Number(value);
    else entry.count += Number(value);
    times.set(name, entry);
  }
  return times;
}

const STAGES = ["check", "store", "authenticate", "pass_through", "file", "announce"];

/** Each stage's time per delivery between two scrapes, and its share of the route's whole request time. */
function describeStages(before: StageTimes, after: StageTimes): string | null {
  const delta = (name: string) => {
    const [was, now] = [before.get(name), after.get(name)];
    return now ? { seconds: now.seconds - (was?.seconds ?? 0), count: now.count - (was?.count ?? 0) } : null;
  };
  const request = delta("request");
  if (!request || request.count === 0) return null;
  const perMessage = (seconds: number) => (seconds * 1000) / request.count;
  let staged = 0;
  const parts = STAGES.map((stage) => {
    const seconds = delta(stage)?.seconds ?? 0;
    staged += seconds;
    return `${stage} ${perMessage(seconds).toFixed(1)} ms (${((seconds / request.seconds) * 100).toFixed(0)}%)`;
  });
  const outside = request.seconds - staged;
  parts.push(`outside the stages ${perMessage(outside).toFixed(1)} ms (${((outside / request.seconds) * 100).toFixed(0)}%)`);
  return `    time per message (${perMessage(request.seconds).toFixed(1)} ms in all): ${parts.join(", ")}`;
}

function describeDoor(label: string, result: Delivered, parser: number): string {
  return `  ${label.padEnd(15)} ${result.perSecond.toFixed(1).padStart(7)} msg/s = ${(result.perSecond / parser).toFixed(2)}x parse-alone  p50 ${result.p50.toFixed(0)} ms  p95 ${result.p95.toFixed(0)} ms  (${result.count} messages, ${result.failed} refused)`;
}

/**
 * The same 400 messages through POST /api/inbound/email and then over SMTP to our receiver, `inFlight`
 * at once, and one 20 MB message through the route, each beside mailparser parsing the same messages
 * alone in the same run, for a reader with everything on (rules, the Screener, a webhook, a live stream) and
 * signed mail. Goals (issues 19 and 41): the route at >= 100 msg/s and >= 0.9x parse-alone, p95 < 120 ms.
 */
export async function benchRoute(options: { seconds: number; inFlight: number }): Promise<{ ok: boolean }> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/paperboy_bench_ingest";
  const port = Number(process.env.BENCH_PORT ?? 3302);
  const smtpPort = Number(process.env.BENCH_SMTP_PORT ?? port + 1);
  const count = Number(process.env.BENCH_MESSAGES ?? 400);
  const base = `http://127.0.0.1:${port}`;
  const secret = "bench-inbound-secret";
  const metricsToken = "bench-metrics-token";
  await ensureDatabase(databaseUrl);
  const hook = await startWebhookReceiver();
  const env = {
    DATABASE_URL: databaseUrl,
    APP_URL: base,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    INBOUND_SECRET: secret,
    METRICS_TOKEN: metricsToken,
    FETCH_ALLOW_HOSTS: hook.hostPort,
  };
  const server = await startServer(env, port);
  const receiver = await startSmtpReceiver({ ...env, SMTP_PORT: String(smtpPort) }, smtpPort);
  let everything: Awaited<ReturnType<typeof turnEverythingOn>> | undefined;
  try {
    // A reader of this run's own: the last run's rules and webhook are not this one's.
    const account = { name: "Ingest Reader", email: `ingest-${Date.now().toString(36)}@bench.example`, password: "bench-password" };
    const reader = await signInReader(base, account);
    everything = await turnEverythingOn(base, reader.cookie, { sender: SENDER, hookUrl: `http://${hook.hostPort}/bench-hook` });
    const set = realisticMix(reader.uniqueEmail);
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.inFlight });
    const viaRoute = (raw: Buffer) => post(agent, new URL(`${base}/api/inbound/email`), secret, raw);
    const viaSmtp = sendOverSmtp(smtpPort, reader.uniqueEmail, options.inFlight);
    await deliverAll(await deliveries(set, 16, "warm-route"), options.inFlight, viaRoute);
    // The Screener held the sender's first mail: the reader lets it in, and the rest comes straight through.
    await everything.allow();
    await deliverAll(await deliveries(set, 16, "warm-smtp"), options.inFlight, viaSmtp.send);
    await analyze(databaseUrl);

    const messages = await deliveries(set, count, "route");
    const smtpMessages = await deliveries(set, count, "smtp");
    const kilobytes = messages.reduce((sum, raw) => sum + raw.length, 0) / messages.length / KB;
    const [eventsBefore, hooksBefore] = [everything.events(), hook.received()];
    const stagesBefore = await stageTimes(base, metricsToken);
    const routeBefore = await cpuSample(databaseUrl, server.pid);
    const route = await deliverAll(messages, options.inFlight, viaRoute);
    const routeCpu = describeCpu(routeBefore, await cpuSample(databaseUrl, server.pid), count, "server");
    const routeStages = describeStages(stagesBefore, await stageTimes(base, metricsToken));

    const smtpBefore = await cpuSample(databaseUrl, receiver.pid);
    const smtp = await deliverAll(smtpMessages, options.inFlight, viaSmtp.send);
    const smtpCpu = describeCpu(smtpBefore, await cpuSample(databaseUrl, receiver.pid), count, "receiver");
    viaSmtp.close();
    // The webhooks' jobs run on the server's worker after the answers: a few seconds for the last ones.
    const heardBy = Date.now() + 15_000;
    while (Date.now() < heardBy && hook.received() - hooksBefore < 2 * count) await new Promise((resolve) => setTimeout(resolve, 250));
    const heard = { events: everything.events() - eventsBefore, webhooks: hook.received() - hooksBefore };

    const large = largeMessage(reader.uniqueEmail, set[0]!, 20 * 1024 * KB);
    const rssBefore = resetPeakRss(server.pid);
    const largeStarted = performance.now();
    // On a connection of its own: the route's kept-alive ones idled through the SMTP run, past the server's keep-alive timeout.
    const largeAccepted = await post(new http.Agent(), new URL(`${base}/api/inbound/email`), secret, large);
    const largeSeconds = (performance.now() - largeStarted) / 1000;
    const largePeak = peakRss(server.pid);
    agent.destroy();
    const largeParseStarted = performance.now();
    await simpleParser(large);
    const largeParseSeconds = (performance.now() - largeParseStarted) / 1000;

    const parser = await parseAlone(messages, options.seconds);
    // Paperboy turns off mailparser's HTML-to-text and text-to-HTML conversions (it derives its own text).
    const parserAsUsed = await parseAlone(messages, options.seconds, PAPERBOY_PARSER_OPTIONS);
    console.log(`\nThe same ${count} newsletters of ${kilobytes.toFixed(0)} KB on average, ${options.inFlight} at once, through each door`);
    console.log("  (the reader has ten rules, the Screener on, a webhook and an open event stream; the mail is DKIM-signed)");
    console.log(describeDoor("raw route", route, parser));
    if (routeCpu) console.log(routeCpu);
    if (routeStages) console.log(routeStages);
    console.log(describeDoor("SMTP receiver", smtp, parser));
    if (smtpCpu) console.log(smtpCpu);
    console.log(`  heard for both doors' ${2 * count} messages: ${heard.events} live events, ${heard.webhooks} webhooks`);
    console.log(
      `  20 MB message   ${largeSeconds.toFixed(2)} s through the route (${largeAccepted ? "202" : "refused"}) = ${(largeParseSeconds / largeSeconds).toFixed(2)}x parse-alone (${largeParseSeconds.toFixed(2)} s); server peak RSS ${largePeak ?? "?"} MB (${rssBefore ?? "?"} MB before)`,
    );
    console.log(`  mailparser alone ${parser.toFixed(1).padStart(6)} msg/s  (same messages, one at a time, default options)`);
    console.log(`  mailparser alone ${parserAsUsed.toFixed(1).padStart(6)} msg/s  (with the options Paperboy parses with)`);
    const ok =
      route.failed === 0 &&
      smtp.failed === 0 &&
      largeAccepted &&
      route.perSecond >= 100 &&
      route.perSecond / parser >= 0.9 &&
      route.p95 < 120;
    console.log(
      ok
        ? "  PASS: the route >= 100 msg/s, >= 0.9x parse-alone, p95 < 120 ms"
        : "  FAIL: the route below 100 msg/s or 0.9x parse-alone, p95 >= 120 ms, or a message refused",
    );
    return { ok };
  } finally {
    everything?.close();
    hook.close();
    receiver.kill("SIGTERM");
    server.kill("SIGTERM");
  }
}
