import "server-only";
import { findFailedJobQueue, findFailedJobs, findQueueCounts, findStoredInboundCounts, type FailedJob, type QueueCount } from "./repo";

/** Jobs by state and stored messages by filing status, all queues and sources summed: the admin command's `stats`. */
export async function queueAndInboundStats(): Promise<{ jobs: Record<QueueCount["state"], number>; inbound: Record<string, number> }> {
  const [queues, stored] = await Promise.all([findQueueCounts(), findStoredInboundCounts()]);
  const jobs = { waiting: 0, active: 0, failed: 0 };
  for (const { state, count } of queues) jobs[state] += count;
  const inbound: Record<string, number> = {};
  for (const { status, count } of stored) inbound[status] = (inbound[status] ?? 0) + count;
  return { jobs, inbound };
}

/** Jobs that failed after their last attempt, newest first (pg-boss's table, which this domain reads). */
export function failedJobs(limit: number): Promise<FailedJob[]> {
  return findFailedJobs(limit);
}

export function failedJobQueue(id: string): Promise<string | undefined> {
  return findFailedJobQueue(id);
}
