import "server-only";
import { Server } from "node:http";
import { Server as NetServer } from "node:net";
import { closeDb } from "@/db/client";
import { endLiveStreams } from "@/lib/live/hub";
import { stopWorker } from "./service";

/** The longest a stop takes from the signal (docs/contract.md 6.5), and what of it the jobs in flight get. */
export const DRAIN_MS = 25_000;
export const JOBS_DRAIN_MS = 20_000;
// A connection accepted just before the signal may not have sent its request yet: it gets this long.
const IDLE_GRACE_MS = 1000;

function logFailure(error: unknown): void {
  console.error(`Stopping: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The HTTP servers of this process. Next creates its server out of reach of the application; the
 * process's open handles are the one place that holds it.
 */
function httpServers(): Server[] {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  return handles.filter((handle): handle is Server => handle instanceof Server);
}

/**
 * Stops listening and resolves once every connection has ended. Unlike Node's own close (which Next
 * calls), connections idle at the signal are not cut at once: a request already on its way on one is
 * answered, with `Connection: close`; only then are the idle ones closed.
 */
function drainHttp(server: Server): Promise<void> {
  server.on("request", (_request, response) => response.setHeader("connection", "close"));
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS).unref();
  return closed;
}

/**
 * SIGTERM (or SIGINT) in the Next server: stop accepting connections, let the requests and jobs in flight
 * finish, close the database, exit 0, all within 25 s; a job still running then is left to expire and
 * run again elsewhere. Replaces Next's own handler, which cuts idle connections at once (a request on its
 * way on one fails) and exits 143 without waiting for jobs.
 */
export function drainOnSignal(): void {
  const servers = httpServers();
  if (servers.length === 0) return;
  let draining = false;
  const onSignal = () => {
    if (draining) return;
    draining = true;
    setTimeout(() => process.exit(0), DRAIN_MS - 500);
    // An event stream never ends by itself: its client reconnects to another instance and catches up.
    endLiveStreams();
    void Promise.all([...servers.map(drainHttp), stopWorker(JOBS_DRAIN_MS).catch(logFailure)])
      .then(() => closeDb())
      .catch(logFailure)
      .finally(() => process.exit(0));
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, onSignal);
  }
}
