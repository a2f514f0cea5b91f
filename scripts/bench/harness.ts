import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { Client } from "pg";
import { cpuSample, databaseSecondsBetween } from "./cpu";

export const root = path.resolve(import.meta.dirname, "..", "..");

/** Creates the benchmark's own database on the local PostgreSQL when it is missing. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: "/test" }).toString() });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
  await admin.end();
}

/** Serves the production build (building when needed) and resolves once /api/health answers. */
export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error("server did not become healthy within 10 minutes");
}

export type BenchAccount = { name: string; email: string; password: string };

/** Signs the benchmark's reader in, registering them on the first run; answers their cookie and id. */
export async function signInReader(base: string, account: BenchAccount): Promise<{ cookie: string; id: number; uniqueEmail: string }> {
  const headers = { "content-type": "application/json", origin: base };
  let response = await fetch(`${base}/api/auth/login`, { method: "POST", headers, body: JSON.stringify(account) });
  if (response.status === 401)
    response = await fetch(`${base}/api/auth/register`, { method: "POST", headers, body: JSON.stringify(account) });
  if (!response.ok) throw new Error(`could not sign in ${account.email}: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: number; unique_email: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { cookie, id: user.id, uniqueEmail: user.unique_email };
}

export type Measurement = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  errors: number;
  /** Across rounds (measureInRounds): the lowest and highest of the rounds' req/s against the baseline's in the same round. */
  roundRatios?: { low: number; high: number };
  /** CPU milliseconds per request of the server's processes and of PostgreSQL, when asked for. */
  cpu?: { server: number; database: number };
};

/** Whose CPU a measure counts: the server's process tree and the backends of its database. */
export type CpuScope = { pid: number | undefined; databaseUrl: string };

/**
 * A bounded load run against this machine's own server: `connections` at once for `seconds`. CPU per
 * request holds steadier than req/s when others share the machine: a busy core slows a request's wall
 * time, not the work it takes.
 */
export async function measure(
  name: string,
  url: string,
  options: { cookie?: string; connections: number; seconds: number; cpu?: CpuScope },
): Promise<Measurement> {
  const before = options.cpu ? await cpuSample(options.cpu.databaseUrl, options.cpu.pid) : null;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  // autocannon's histogram reports p90 and p97.5 but no p95; interpolate between them.
  const p95 = result.latency.p90 + ((result.latency.p97_5 - result.latency.p90) * (95 - 90)) / (97.5 - 90);
  const after = before && options.cpu ? await cpuSample(options.cpu.databaseUrl, options.cpu.pid) : null;
  const cpu =
    before && after && result.requests.total > 0
      ? {
          server: ((after.door - before.door) * 1000) / result.requests.total,
          database: (databaseSecondsBetween(before, after) * 1000) / result.requests.total,
        }
      : undefined;
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p95, errors, cpu };
}

/**
 * A scenario of a measure in rounds: its name, URL and session cookie, what `around` opens for its measure and
 * closes after, and the server whose CPU it counts when that is not the measure's own (`serverPid`).
 */
export type Target = { name: string; url: string; cookie?: string; around?: () => Promise<() => void>; serverPid?: number };

/**
 * Measures each target once a round, `rounds` times, for `seconds` in all each, and combines each target's
 * rounds (req/s and CPU over all its requests, the rounds' median p50 and p95). The first target is the
 * baseline: a slower stretch of the machine (seen here: the health route at 518 and 655 req/s in two runs of
 * one build) falls on every target alike instead of on one target's whole measure.
 */
export async function measureInRounds(
  targets: Target[],
  options: { connections: number; seconds: number; rounds: number; cpu?: CpuScope },
): Promise<Measurement[]> {
  const measured: Measurement[][] = targets.map(() => []);
  for (let round = 0; round < options.rounds; round += 1)
    for (const [index, { name, url, cookie, around, serverPid }] of targets.entries()) {
      const close = await around?.();
      const cpu = options.cpu && serverPid !== undefined ? { ...options.cpu, pid: serverPid } : options.cpu;
      try {
        measured[index]!.push(await measure(name, url, { ...options, cpu, cookie, seconds: options.seconds / options.rounds }));
      } finally {
        close?.();
      }
    }
  const baseline = measured[0]!;
  return measured.map((rounds) => {
    const requests = rounds.map((round) => round.requestsPerSecond);
    const total = requests.reduce((sum, value) => sum + value, 0);
    const weighted = (pick: (cpu: NonNullable<Measurement["cpu"]>) => number) =>
      rounds.reduce((sum, round, index) => sum + pick(round.cpu!) * requests[index]!, 0) / total;
    const ratios = rounds.map((round, index) => round.requestsPerSecond / baseline[index]!.requestsPerSecond);
    return {
      name: rounds[0]!.name,
      requestsPerSecond: total / rounds.length,
      p50: median(rounds.map((round) => round.p50)),
      p95: median(rounds.map((round) => round.p95)),
      errors: rounds.reduce((sum, round) => sum + round.errors, 0),
      roundRatios: { low: Math.min(...ratios), high: Math.max(...ratios) },
      cpu: rounds.every((round) => round.cpu)
        ? { server: weighted((cpu) => cpu.server), database: weighted((cpu) => cpu.database) }
        : undefined,
    };
  });
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function printTable(rows: Measurement[], baseline: Measurement): void {
  const withCpu = rows.every((row) => row.cpu);
  const inRounds = rows.every((row) => row.roundRatios);
  const header = ["scenario", "req/s", "p50 ms", "p95 ms", "errors", "req/s vs health"];
  if (inRounds) header.push("rounds vs health");
  if (withCpu) header.push("server CPU ms/req", "PostgreSQL CPU ms/req", "server CPU vs health");
  const lines = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    String(row.errors),
    `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`,
    ...(inRounds && row.roundRatios ? [`${(row.roundRatios.low * 100).toFixed(0)}-${(row.roundRatios.high * 100).toFixed(0)}%`] : []),
    ...(withCpu && row.cpu && baseline.cpu
      ? [row.cpu.server.toFixed(2), row.cpu.database.toFixed(2), `${(row.cpu.server / baseline.cpu.server).toFixed(2)}x`]
      : []),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line[column]!.length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
}
