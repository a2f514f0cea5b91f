import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Client } from "pg";

/**
 * CPU seconds so far: the door's processes (and of those their main threads, the event loops, apart from
 * worker threads, libuv's pool and V8's helpers), each PostgreSQL process by pid, this sender.
 */
export type CpuSample = { door: number; doorMainThreads: number; database: Map<number, number>; sender: number };

const TICKS_PER_SECOND = 100; // USER_HZ

/** CPU seconds of one process (of its main thread alone, with `mainThread`), from /proc (null once it has ended). */
function processSeconds(pid: number, mainThread = false): number | null {
  try {
    const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The process and everything it started (npm start runs next, which runs the server). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}

/**
 * CPU seconds used so far by the door's processes (`pid` and its children), by PostgreSQL's backends of
 * the benchmark's database and its WAL writer, checkpointer and background writer, and by this sender.
 * Other people's processes on the machine are left out. Linux only: null elsewhere.
 */
export async function cpuSample(databaseUrl: string, pid: number | undefined): Promise<CpuSample | null> {
  if (!existsSync("/proc/self/stat") || pid === undefined) return null;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE (datname = current_database() AND pid <> pg_backend_pid()) OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
  );
  await client.end();
  const tree = processTree(pid);
  const door = tree.reduce((total, each) => total + (processSeconds(each) ?? 0), 0);
  const doorMainThreads = tree.reduce((total, each) => total + (processSeconds(each, true) ?? 0), 0);
  const database = new Map(rows.map((row) => [row.pid, processSeconds(row.pid) ?? 0]));
  const own = process.cpuUsage();
  return { door, doorMainThreads, database, sender: (own.user + own.system) / 1e6 };
}

/** PostgreSQL's CPU seconds between two samples. */
export function databaseSecondsBetween(before: CpuSample, after: CpuSample): number {
  // Per backend: a connection opened during the run counts from zero; one closed during it is lost (pools keep theirs).
  return [...after.database].reduce((total, [pid, seconds]) => total + seconds - (before.database.get(pid) ?? 0), 0);
}

/** Where a message's CPU went, and the rate that CPU allows on this machine's cores. */
export function describeCpu(before: CpuSample | null, after: CpuSample | null, messages: number, door: string): string | null {
  if (!before || !after || messages === 0) return null;
  const per = (seconds: number) => (seconds * 1000) / messages;
  const [own, database, sender] = [
    per(after.door - before.door),
    per(databaseSecondsBetween(before, after)),
    per(after.sender - before.sender),
  ];
  const total = own + database + sender;
  const cores = availableParallelism();
  // On two cores the sum is the ceiling; with more, the event loop's share is: it runs on one core only.
  const eventLoop = per(after.doorMainThreads - before.doorMainThreads);
  return `    CPU per message: ${door} ${own.toFixed(1)} ms (${eventLoop.toFixed(1)} of it on the event loop), PostgreSQL ${database.toFixed(1)} ms, sender ${sender.toFixed(1)} ms; ${total.toFixed(1)} ms in all, at most ${((cores * 1000) / total).toFixed(0)} msg/s on ${cores} cores`;
}

function residentMegabytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts measuring the peak RSS of the largest process of the tree anew; answers its RSS now, in MB (null off Linux). */
export function resetPeakRss(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync("/proc/self/status")) return null;
  const largest = largestProcess(pid);
  try {
    // "5" resets the peak resident set size the kernel keeps for the process (proc(5), clear_refs).
    writeFileSync(`/proc/${largest}/clear_refs`, "5");
  } catch {
    return null;
  }
  return Math.round(residentMegabytes(largest, "VmRSS"));
}

/** The peak RSS since resetPeakRss, in MB. */
export function peakRss(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync("/proc/self/status")) return null;
  return Math.round(residentMegabytes(largestProcess(pid), "VmHWM"));
}

function largestProcess(pid: number): number {
  return processTree(pid).reduce((best, each) => (residentMegabytes(each, "VmRSS") > residentMegabytes(best, "VmRSS") ? each : best));
}
