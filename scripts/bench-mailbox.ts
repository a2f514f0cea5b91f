// `npm run bench:mailbox`: a Dovecot mailbox (tests/support/dovecot.ts, in a temporary folder) holding
// BENCH_MESSAGES (default 5000, `--messages N` too) copies of the corpus's messages, each a newsletter.
// Reports the first sync's messages per second against the import's rate on the same messages (as an
// mbox, through bench:import's own child) in the same run, the peak RSS of each, and the time from
// APPEND to filed over BENCH_APPENDS (default 30) messages appended one at a time while the mailbox is
// idle. Goals (issue 27): first sync >= 0.9x the import, p95 APPEND -> filed < 3 s. Needs DATABASE_URL
// (PostgreSQL) and Dovecot (/usr/sbin/dovecot); CORPUS_DIR another corpus folder.
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { benchCorpus, deliveryCopy } from "./bench/corpus";
import { dovecotInstalled, startDovecot } from "../tests/support/dovecot";

const root = path.resolve(import.meta.dirname, "..");
const flag = process.argv.indexOf("--messages");
const total = Number(flag > 0 ? process.argv[flag + 1] : (process.env.BENCH_MESSAGES ?? 5000));
const appends = Number(process.env.BENCH_APPENDS ?? 30);
if (!process.env.DATABASE_URL) {
  console.error("bench:mailbox needs DATABASE_URL (a PostgreSQL database it may fill)");
  process.exit(1);
}
if (!dovecotInstalled()) {
  console.error("bench:mailbox needs Dovecot: apt-get install dovecot-imapd");
  process.exit(1);
}
if (!Number.isInteger(total) || total < 1) {
  console.error("--messages must be a positive whole number");
  process.exit(1);
}

/** One copy of a corpus message as its own delivery, with CRLF line endings as IMAP wants them. */
function copyOf(raw: Buffer, index: number): { message: Buffer; date: Date } {
  const { text, date } = deliveryCopy(raw, index, "bench-mailbox");
  return { message: Buffer.from(text.replace(/\r?\n/g, "\r\n"), "latin1"), date };
}

const work = mkdtempSync(path.join(tmpdir(), "paperboy-bench-mailbox-"));
const dovecot = await startDovecot();
const env = { ...process.env, DATA_DIR: path.join(work, "data"), FETCH_ALLOW_HOSTS: dovecot.allowHost, LOG_LEVEL: "warn" };
const CHILD_FLAGS = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts.worker
  .split(" ")
  .slice(1, -1);

type Measure = {
  messages: number;
  seconds: number;
  maxRssMb: number;
  filed?: number;
  skipped?: number;
  failed?: number;
  appendMs?: number[];
};

function measure(script: string, ...args: string[]): Measure {
  const output = execFileSync(process.execPath, [...CHILD_FLAGS, path.join(root, "scripts/bench", script), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(output.trim().split("\n").pop() ?? "{}") as Measure;
}

const rate = (result: Measure) => result.messages / result.seconds;

try {
  const messages = benchCorpus();
  const user = { username: "bench", password: "bench-password" };
  await dovecot.setUser(user.username, user.password);
  const mbox = path.join(work, "bench.mbox");
  const out = createWriteStream(mbox);
  const imap = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: user.username, pass: user.password },
    logger: false,
  });
  await imap.connect();
  let bytes = 0;
  for (let index = 0; index < total; index++) {
    const { message, date } = copyOf(messages[index % messages.length], index);
    await imap.append("INBOX", message, [], date);
    bytes += message.length;
    const quoted = message
      .toString("latin1")
      .replace(/\r\n/g, "\n")
      .replace(/^(>*From )/gm, ">$1");
    if (!out.write(Buffer.from(`From bench@bench.example ${date.toUTCString()}\n${quoted}\n\n`, "latin1"))) {
      await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
  }
  await imap.logout();
  await new Promise<void>((resolve) => out.end(() => resolve()));
  console.log(`mailbox: ${total} messages of the corpus's ${messages.length}, ${(bytes / 1_048_576).toFixed(1)} MB\n`);

  const imported = measure("import-child.ts", "import", mbox);
  console.log(
    `  import of the same messages (mbox)  ${rate(imported).toFixed(1).padStart(8)} msg/s   peak RSS ${imported.maxRssMb} MB   (filed ${imported.filed})`,
  );
  const synced = measure("mailbox-child.ts", String(dovecot.port), user.username, user.password, String(appends));
  const ratio = rate(synced) / rate(imported);
  console.log(
    `  first sync over IMAP                ${rate(synced).toFixed(1).padStart(8)} msg/s   peak RSS ${synced.maxRssMb} MB   ${ratio.toFixed(2)}x the import   (filed ${synced.filed}, skipped ${synced.skipped}, failed ${synced.failed})`,
  );
  const times = [...(synced.appendMs ?? [])].sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? NaN;
  console.log(
    `  APPEND -> filed while idle, ${times.length} messages: median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
  );
  const ok = ratio >= 0.9 && at(0.95) < 3000;
  console.log(ok ? "\nPASS: first sync >= 0.9x the import, p95 APPEND -> filed < 3 s" : "\nBELOW GOAL: see the figures above");
  process.exitCode = ok ? 0 : 1;
} finally {
  await dovecot.close();
  rmSync(work, { recursive: true, force: true });
}
