import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The one way tests start real Paperboy processes (Playwright's tests/support/instances.ts and the
 * integration suites' tests/integration/instances-support.ts): a node child in the repository, its
 * stdout and stderr captured together, and killed when the test process exits, whatever happens.
 */
export type CapturedProcess = {
  child: ChildProcess;
  /** What the process printed so far, stdout and stderr interleaved. */
  output: () => string;
  /** Resolves when the process has exited, with its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export const root = path.resolve(import.meta.dirname, "..", "..");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

const running = new Set<ChildProcess>();

process.once("exit", killRunning);

/** SIGKILL to every process started here that is still running (a failed assertion must not leave servers behind). */
export function killRunning(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  running.clear();
}

/** Runs `node <args>` in the repository with exactly `env`. */
export function spawnCaptured(args: string[], env: NodeJS.ProcessEnv): CapturedProcess {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => text, exited };
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
