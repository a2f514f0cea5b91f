// `npm run bench:import`: imports generated mboxes of the corpus's size mix (100 MB and 1 GB, made here in
// a temporary folder, never kept) and reports messages per second against mailparser parsing the same
// messages alone (on one thread; the import prepares on worker threads, as `npm run worker` does, and runs
// with its node flags), and the peak RSS of each, every measure in a process of its own; then the time and peak
// RSS of exporting a reader's 10,000 messages. Goals (issue 16): import >= 0.5x the parse-alone rate; peak
// RSS under 300 MB and within 50 MB across sizes. The first size is then imported again for the same reader
// (everything already held). Needs DATABASE_URL (PostgreSQL); BENCH_SIZES_MB
// (default "100,1000") chooses the sizes, CORPUS_DIR another corpus folder.
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchCorpus, deliveryCopy } from "./bench/corpus";

const root = path.resolve(import.meta.dirname, "..");
const sizes = (process.env.BENCH_SIZES_MB ?? "100,1000").split(",").map(Number);
const EXPORT_MESSAGES = 10_000;
if (!process.env.DATABASE_URL) {
  console.error("bench:import needs DATABASE_URL (a PostgreSQL database it may fill)");
  process.exit(1);
}
const work = mkdtempSync(path.join(tmpdir(), "paperboy-bench-import-"));
const env = { ...process.env, DATA_DIR: path.join(work, "data"), MAIL_DOMAIN: process.env.MAIL_DOMAIN ?? "paperboy.localhost" };

/** One copy of a corpus message as an mbox entry, its own delivery. */
function copyOf(raw: Buffer, index: number): Buffer {
  const { text, date } = deliveryCopy(raw, index, "bench");
  const body = text.replace(/^(>*From )/gm, ">$1");
  return Buffer.from(`From bench@bench.example ${date.toUTCString()}\n${body}\n\n`, "latin1");
}

async function writeMbox(file: string, megabytes: number, messages: Buffer[]): Promise<number> {
  const out = createWriteStream(file);
  let written = 0;
  let count = 0;
  while (written < megabytes * 1_048_576) {
    const copy = copyOf(messages[count % messages.length], count);
    if (!out.write(copy)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    written += copy.length;
    count++;
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return count;
}

type Measure = {
  messages: number;
  seconds: number;
  maxRssMb: number;
  filed?: number;
  skipped?: number;
  failed?: number;
  readerId?: number;
  zipMb?: number;
  cpuSeconds?: number;
  databaseCpuSeconds?: number;
};

const CHILD_FLAGS = ["--conditions=react-server", "--import", "tsx"];
// The import runs with the node flags `npm run worker` runs jobs with in production (its heap settings).
const WORKER_FLAGS = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts.worker
  .split(" ")
  .slice(1, -1);

function measure(flags: string[], ...args: string[]): Measure {
  const output = execFileSync(process.execPath, [...flags, path.join(root, "scripts/bench/import-child.ts"), ...args], {
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
  const averageKb = messages.reduce((sum, raw) => sum + raw.length, 0) / messages.length / 1024;
  console.log(`corpus: ${messages.length} messages, ${averageKb.toFixed(1)} KB on average\n`);
  const peaks: number[] = [];
  let ok = true;
  let exportReader: number | undefined;
  for (const megabytes of sizes) {
    const file = path.join(work, `bench-${megabytes}.mbox`);
    const count = await writeMbox(file, megabytes, messages);
    console.log(`${megabytes} MB mbox: ${count} messages`);
    const parse = measure(CHILD_FLAGS, "parse", file);
    const imported = measure(WORKER_FLAGS, "import", file);
    exportReader ??= imported.readerId;
    const ratio = rate(imported) / rate(parse);
    peaks.push(imported.maxRssMb);
    console.log(`  mailparser parse alone   ${rate(parse).toFixed(1).padStart(8)} msg/s   peak RSS ${parse.maxRssMb} MB   (one thread)`);
    console.log(
      `  import (filed ${imported.filed}, skipped ${imported.skipped}, failed ${imported.failed}; preparing on worker threads as npm run worker does: ${WORKER_FLAGS.join(" ")})`,
    );
    console.log(
      `                           ${rate(imported).toFixed(1).padStart(8)} msg/s   peak RSS ${imported.maxRssMb} MB   ${ratio.toFixed(2)}x parse alone`,
    );
    const perMessage = (seconds = 0) => ((seconds * 1000) / imported.messages).toFixed(1);
    console.log(
      `  CPU per message: import ${perMessage(imported.cpuSeconds)} ms (all its threads), PostgreSQL ${perMessage(imported.databaseCpuSeconds)} ms\n`,
    );
    ok &&= ratio >= 0.5 && imported.maxRssMb < 300;
    if (megabytes === sizes[0] && imported.readerId !== undefined) {
      // The same mailbox again, as a reader who imports a newer Takeout holding the old one: all of it held.
      const again = measure(WORKER_FLAGS, "import", file, String(imported.readerId));
      console.log(
        `  the same mbox again (skipped ${again.skipped}, filed ${again.filed}) ${rate(again).toFixed(1).padStart(8)} msg/s   peak RSS ${again.maxRssMb} MB   ${(rate(again) / rate(parse)).toFixed(2)}x parse alone\n`,
      );
    }
    rmSync(file, { force: true });
  }
  const spread = Math.max(...peaks) - Math.min(...peaks);
  console.log(`import peak RSS across sizes: ${peaks.join(" MB, ")} MB (spread ${spread} MB)`);
  ok &&= spread <= 50;
  if (exportReader !== undefined) {
    const exported = measure(CHILD_FLAGS, "export", String(exportReader), String(EXPORT_MESSAGES));
    console.log(
      `export of ${exported.messages} messages: ${exported.seconds.toFixed(1)} s, ${exported.zipMb?.toFixed(0)} MB zip, peak RSS ${exported.maxRssMb} MB`,
    );
  }
  console.log(ok ? "\nPASS: import >= 0.5x parse alone, peak RSS < 300 MB and within 50 MB" : "\nBELOW GOAL: see the figures above");
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
