import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nextBin, root, spawnCaptured } from "./processes";

/**
 * Real app processes (`next start` of the production build in `.next`) for tests about several
 * instances on one database. Every child is killed when the test process exits, whatever happens.
 */
export type Instance = {
  port: number;
  url: string;
  /** What the process printed so far, stdout and stderr interleaved. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when killed by a signal). */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL at once, as a crash would. */
  kill(): Promise<void>;
  child: ChildProcess;
};

export type InstanceOptions = {
  port: number;
  /** Added to the test's own environment; DATABASE_URL is inherited unless given here. */
  env?: Record<string, string>;
  /** How long to wait for /api/health to answer 200. */
  startTimeoutMs?: number;
};

/** Whether a production build exists for `startInstance` to serve (the journeys build it before they run). */
function hasProductionBuild(): boolean {
  return existsSync(path.join(root, ".next", "BUILD_ID"));
}

function newest(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

/**
 * Whether that build is no older than the server code (instrumentation, lib, app, db): the integration
 * suites that start `next start` test the code as it is, so they skip on a stale build.
 */
export function hasFreshBuild(): boolean {
  if (!hasProductionBuild()) return false;
  const sources = ["instrumentation.ts", "instrumentation-node.ts", "lib", "app", "db"].map((entry) => path.join(root, entry));
  return Math.max(...sources.map(newest)) <= statSync(path.join(root, ".next", "BUILD_ID")).mtimeMs;
}

/** Starts `next start` on `port` and resolves once it answers /api/health; refuses without a production build. */
export async function startInstance({ port, env = {}, startTimeoutMs = 60_000 }: InstanceOptions): Promise<Instance> {
  if (!hasProductionBuild()) throw new Error("No production build in .next: run `npx next build` first");
  const url = `http://localhost:${port}`;
  const {
    child,
    output,
    exited: ended,
  } = spawnCaptured([nextBin, "start", "--port", String(port)], {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: url,
    AUTH_SECRET: "instances-test-secret-that-is-long-enough",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "paperboy-instance-")),
    ...env,
  });
  const exited = ended.then(({ code }) => code);

  const stop = async (graceMs = 30_000): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const kill = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };

  const deadline = Date.now() + startTimeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { port, url, output, stop, kill, child };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`Instance on port ${port} did not answer /api/health within ${startTimeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Instance on port ${port} exited before serving:\n${output()}`);
}
