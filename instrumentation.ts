// Runs once when a server process starts: migrations apply before the first request is served.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareDatabase } = await import("@/db/client");
  await prepareDatabase();
}
