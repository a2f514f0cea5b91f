import "server-only";
import { NotFoundError, UnauthorizedError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { hasBearerSecret } from "@/lib/secrets/bearer";
import { metrics } from "./metrics";
import { findQueueCounts, findQueueNames, findRecentJobDurations, findStoredInboundCounts } from "./repo";

const STATES = ["waiting", "active", "failed"] as const;

/** `Authorization: Bearer $METRICS_TOKEN`; without a token configured there are no metrics to find (404). */
export function requireMetricsToken(headers: Headers): void {
  const expected = env.METRICS_TOKEN;
  if (!expected) throw new NotFoundError();
  if (!hasBearerSecret(headers, expected)) throw new UnauthorizedError("Invalid metrics token");
}

/** Prometheus text: this process's request and inbound counters, and the queue as PostgreSQL holds it now. */
export async function renderMetrics(): Promise<{ text: string; contentType: string }> {
  const { registry, jobs, jobDuration, stored } = metrics();
  const [names, counts, durations, storedCounts] = await Promise.all([
    findQueueNames(),
    findQueueCounts(),
    findRecentJobDurations(),
    findStoredInboundCounts(),
  ]);
  // Set afresh at every scrape: a queue that emptied reports 0 rather than its last count.
  jobs.reset();
  jobDuration.reset();
  stored.reset();
  for (const row of storedCounts) stored.set({ source: row.source, status: row.status }, row.count);
  // pg-boss takes jobs only for a queue it has: every queue is named, and one with no jobs reports 0.
  for (const queue of names) for (const state of STATES) jobs.set({ queue, state }, 0);
  for (const row of counts) jobs.set({ queue: row.queue, state: row.state }, row.count);
  for (const row of durations) {
    jobDuration.set({ queue: row.queue, quantile: "0.5" }, row.p50);
    jobDuration.set({ queue: row.queue, quantile: "0.95" }, row.p95);
    jobDuration.set({ queue: row.queue, quantile: "1" }, row.max);
  }
  return { text: await registry.metrics(), contentType: registry.contentType };
}
