import "server-only";
import { migrationsApplied, pingDatabase } from "@/db/client";
import { bucketConfigured, objectStore } from "@/lib/storage/store";

export async function checkHealth(): Promise<{ healthy: boolean; body: { status: string; database: string } }> {
  const healthy = await pingDatabase();
  return healthy ? { healthy, body: { status: "ok", database: "ok" } } : { healthy, body: { status: "error", database: "unavailable" } };
}

/**
 * Readiness (docs/contract.md 7.7): the database answers and holds every migration this build ships, so a load
 * balancer sends nothing to an instance that would answer 500s while another one migrates; and, with a
 * bucket, the bucket answers, since no message can be acknowledged without it.
 */
export async function checkReady(): Promise<{ ready: true; body: { status: "ready" } } | { ready: false; body: { detail: string } }> {
  if (!(await pingDatabase())) return { ready: false, body: { detail: "The database is not answering." } };
  if (!(await migrationsApplied())) return { ready: false, body: { detail: "The database is not migrated yet." } };
  if (bucketConfigured() && !(await (await objectStore()).ping()))
    return { ready: false, body: { detail: "The object store is not answering." } };
  return { ready: true, body: { status: "ready" } };
}
