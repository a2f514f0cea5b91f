import "server-only";
import { pingDatabase } from "@/db/client";

export async function checkHealth(): Promise<{ healthy: boolean; body: { status: string; database: string } }> {
  const healthy = await pingDatabase();
  return healthy ? { healthy, body: { status: "ok", database: "ok" } } : { healthy, body: { status: "error", database: "unavailable" } };
}
