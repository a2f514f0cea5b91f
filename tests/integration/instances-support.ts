import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hasFreshBuild } from "../support/instances";
import { nextBin, root, spawnCaptured } from "../support/processes";
import { INBOUND_SECRET } from "./inbound-support";

/** Several processes on one database need PostgreSQL: PGlite belongs to a single process. */
export const multiProcess = Boolean(process.env.DATABASE_URL);

/** `next start` needs a production build (`npm run build`, or the journeys') no older than the code; without one the web tests skip. */
export const hasBuild = hasFreshBuild();

import { freePort } from "../support/processes";

export { freePort };

export type Instance = {
  child: ChildProcess;
  output: () => string;
  /** The exit code, or 128 + n for a signal. */
  exited: Promise<number>;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
};

/**
 * Starts a Paperboy process on the test database, sharing this test process's job queue schema so its
 * jobs are the test's own: "worker", "smtp" or "web" (next start on the existing build).
 */
export function startInstance(kind: "worker" | "smtp" | "web", env: Record<string, string> = {}): Instance {
  const tsx = ["--conditions=react-server", "--import", "tsx"];
  const args = kind === "web" ? [nextBin, "start", "--port", env.PORT] : [...tsx, path.join(root, "scripts", `${kind}.ts`)];
  const { child, output, exited } = spawnCaptured(args, {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    DATABASE_URL: process.env.DATABASE_URL,
    JOBS_SCHEMA: process.env.JOBS_SCHEMA,
    DATA_DIR: mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), `${kind}-`)),
    MAIL_DOMAIN: process.env.MAIL_DOMAIN,
    AUTH_SECRET: process.env.AUTH_SECRET,
    INBOUND_SECRET,
    ...env,
  });
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output())) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${kind} did not print ${pattern}; it printed:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const exitCode = exited.then(({ code, signal }) => code ?? 128 + (signal === "SIGKILL" ? 9 : 15));
  return { child, output, exited: exitCode, waitFor };
}

/** A web instance (`next start`, WORKER=off: it needs no jobs) on a free port; its address once it answers /api/health. */
export async function startWebInstance(): Promise<string> {
  const port = await freePort();
  startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, WORKER: "off" });
  const url = `http://127.0.0.1:${port}`;
  // A busy machine has taken over a minute to start one.
  await within(90_000, async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true);
  return url;
}

/** Until `check` holds, polling; how long it took, in ms, or throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - start;
}
