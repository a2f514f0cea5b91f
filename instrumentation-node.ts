// The Node.js server's start (instrumentation.ts): migrations apply and the newsletter catalog is
// seeded before the first request is served.
export async function startServer() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    // Before the first request: throttles tell callers apart by the address they connect from. Inside the
    // try: importing it reads the configuration, which may be wrong.
    (await import("@/lib/api/caller")).recordPeerAddresses();
    const { dataPath, databaseLocation, env } = await import("@/lib/env");
    if (!env.DATABASE_URL) (await import("@/lib/embedded-lock")).lockEmbeddedDatabase(dataPath());
    const { prepareDatabase } = await import("@/db/client");
    await prepareDatabase().catch((error: unknown) => {
      throw new Error(`could not open the database at ${databaseLocation()}: ${error instanceof Error ? error.message : String(error)}`);
    });
  } catch (error) {
    // Without its configuration or database the server could only answer 500s: stop, saying why, in one line.
    console.error(`Paperboy cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { env } = await import("@/lib/env");
  // Not under `next dev`, whose own handler also ends the hot-reload sockets that would hold a drain open.
  if (process.env.NODE_ENV === "production") (await import("@/lib/worker/shutdown")).drainOnSignal();
  // Jobs run here unless WORKER=off (`npm run worker` processes run them beside the web instances).
  if (env.WORKER === "on") {
    const { startWorker } = await import("@/lib/worker/service");
    await startWorker().catch((error: unknown) => {
      console.error(`Paperboy cannot start: the job queue did not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  }
  const { describeLoad, seedCatalog } = await import("@/lib/newsletters/catalog");
  const { logger } = await import("@/lib/observability/log");
  try {
    logger.info(`Newsletter catalog: ${describeLoad(await seedCatalog())}`);
  } catch (error) {
    // Discovery is degraded without it, but mail, feeds and accounts still work: keep serving.
    logger.error({ err: error }, "Newsletter catalog: loading failed");
  }
}
