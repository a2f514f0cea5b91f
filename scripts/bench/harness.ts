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

export function printTable(rows: Measurement[], baseline: Measurement): void {
  const withCpu = rows.every((row) => row.cpu);
  const header = ["scenario", "req/s", "p50 ms", "p95 ms", "errors", "req/s vs health"];
  if (withCpu) header.push("server CPU ms/req", "PostgreSQL CPU ms/req", "server CPU vs health");
  const lines = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    String(row.errors),
    `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`,
    ...(withCpu && row.cpu && baseline.cpu
      ? [row.cpu.server.toFixed(2), row.cpu.database.toFixed(2), `${(row.cpu.server / baseline.cpu.server).toFixed(2)}x`]
      : []),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line[column]!.length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
}
