// Runs once when a server process starts: migrations apply and the newsletter catalog is seeded
// before the first request is served.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareDatabase } = await import("@/db/client");
  await prepareDatabase();
  const { describeLoad, seedCatalog } = await import("@/lib/newsletters/catalog");
  try {
    console.log(`Newsletter catalog: ${describeLoad(await seedCatalog())}`);
  } catch (error) {
    // Discovery is degraded without it, but mail, feeds and accounts still work: keep serving.
    console.error("Newsletter catalog: loading failed", error);
  }
}
