// `npm run worker`: runs jobs (filing mail again, sending mail, ...) beside web instances started with
// WORKER=off, serving no HTTP. SIGTERM or SIGINT: takes no new job, lets the running ones finish (at most
// 20 s; one cut short runs again later), closes the database and exits 0.
import "./load-env.mjs";
import { writeFile } from "node:fs/promises";
import { errorMessage } from "./command";
import { stopWithNpm } from "./lifecycle.mjs";

const HEARTBEAT_MS = 15_000;

async function main(): Promise<void> {
  const { closeDb, openDatabase } = await import("./database");
  const { databaseLocation, env } = await import("@/lib/env");
  await openDatabase();
  (await import("./preparing-workers")).usePreparingWorkersUnderTsx();
  const { startWorker, stopWorker } = await import("@/lib/worker/service");
  const { JOBS_DRAIN_MS } = await import("@/lib/worker/shutdown");
  await startWorker();
  console.log(`Paperboy worker running jobs on ${databaseLocation()}`);
  // What docker-compose.yml's health check reads: a file touched while this process's event loop turns.
  const heartbeat = env.WORKER_HEARTBEAT_FILE;
  if (heartbeat) {
    const beat = () => writeFile(heartbeat, `${new Date().toISOString()}\n`).catch(() => undefined);
    void beat();
    setInterval(beat, HEARTBEAT_MS).unref();
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopWorker(JOBS_DRAIN_MS)
      .then(() => closeDb())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Worker stopped with an error: ${errorMessage(error)}`);
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  stopWithNpm(stop);
}

await main().catch((error: unknown) => {
  console.error(`Worker failed: ${errorMessage(error)}`);
  process.exit(1);
});
