import "server-only";
import { closeDb } from "@/db/client";
import { stopWorker } from "./service";

/** The longest a stop takes from the signal (CONTRACT 6.5), and what of it the jobs in flight get. */
export const DRAIN_MS = 25_000;
export const JOBS_DRAIN_MS = 20_000;

function logFailure(error: unknown): void {
  console.error(`Stopping: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * SIGTERM (or SIGINT) in the Next server. Next itself stops accepting connections, lets the requests in
 * flight finish, then calls process.exit(143). Jobs in flight must finish too, and the contract wants
 * exit 0: from the signal on, that exit waits for the worker's drain and the database's close, then
 * exits 0. A deadline ends the process at 25 s whatever is still running (an unfinished job expires
 * and runs again elsewhere).
 */
export function drainOnSignal(): void {
  const exit = process.exit.bind(process);
  let drained: Promise<void> | undefined;
  const onSignal = () => {
    if (drained) return;
    drained = stopWorker(JOBS_DRAIN_MS).catch(logFailure);
    setTimeout(() => exit(0), DRAIN_MS - 500);
    const finish = drained.then(() => closeDb()).catch(logFailure);
    process.exit = (() => void finish.finally(() => exit(0))) as typeof process.exit;
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
