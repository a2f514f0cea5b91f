import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inboundMessage } from "@/db/schema";
import { env } from "@/lib/env";

export type QueueCount = { queue: string; state: "waiting" | "active" | "failed"; count: number };
export type QueueDuration = { queue: string; p50: number; p95: number; max: number };
export type StoredCount = { source: string; status: string; count: number };

// pg-boss's own table (in JOBS_SCHEMA): the queue as every instance and worker sees it.
type Rows<T> = { rows: T[] };

const jobTable = () => sql`${sql.identifier(env.JOBS_SCHEMA)}.job`;

/** Until some process has started the queue, its tables do not exist and there is nothing to count. */
async function queueTablesExist(): Promise<boolean> {
  const result = (await getDb().execute(sql`select to_regclass(${`${env.JOBS_SCHEMA}.job`}) is not null as present`)) as unknown as Rows<{
    present: boolean;
  }>;
  return Boolean(result.rows[0]?.present);
}

/** Every queue some process has created, whether or not it holds a job. */
export async function findQueueNames(): Promise<string[]> {
  if (!(await queueTablesExist())) return [];
  const result = (await getDb().execute(sql`select name from ${sql.identifier(env.JOBS_SCHEMA)}.queue`)) as unknown as Rows<{
    name: string;
  }>;
  return result.rows.map((row) => row.name);
}

/** Jobs waiting (created or to be retried), running, and failed after their last attempt, by queue. */
export async function findQueueCounts(): Promise<QueueCount[]> {
  if (!(await queueTablesExist())) return [];
  const result = (await getDb().execute(sql`
    select name as queue, case when state in ('created', 'retry') then 'waiting' else state::text end as state, count(*)::int as count
    from ${jobTable()} where state in ('created', 'retry', 'active', 'failed') group by 1, 2`)) as unknown as Rows<QueueCount>;
  return result.rows;
}

/** Run times of the jobs completed in the last 5 minutes, by queue, in seconds. */
export async function findRecentJobDurations(): Promise<QueueDuration[]> {
  if (!(await queueTablesExist())) return [];
  const result = (await getDb().execute(sql`
    with done as (
      select name, extract(epoch from completed_on - started_on)::float8 as seconds from ${jobTable()}
      where state = 'completed' and completed_on > now() - interval '5 minutes' and started_on is not null
    )
    select name as queue, percentile_cont(0.5) within group (order by seconds)::float8 as p50,
      percentile_cont(0.95) within group (order by seconds)::float8 as p95, max(seconds)::float8 as max
    from done group by name`)) as unknown as Rows<QueueDuration>;
  return result.rows.map((row) => ({ queue: row.queue, p50: Number(row.p50), p95: Number(row.p95), max: Number(row.max) }));
}

/** Messages stored, by how they arrived and where filing stands (received, filed, failed): every receiver's, the SMTP one's included. */
export async function findStoredInboundCounts(): Promise<StoredCount[]> {
  return getDb()
    .select({ source: inboundMessage.source, status: inboundMessage.status, count: sql<number>`count(*)::int` })
    .from(inboundMessage)
    .groupBy(inboundMessage.source, inboundMessage.status);
}

/** A job that failed after its last attempt, as pg-boss keeps it in its own table (JOBS_SCHEMA). */
export type FailedJob = { id: string; name: string; retryCount: number; completedOn: Date | null; output: unknown };

export async function findFailedJobs(limit: number): Promise<FailedJob[]> {
  if (!(await queueTablesExist())) return [];
  const result = (await getDb().execute(sql`
    select id::text as id, name, retry_count as "retryCount", completed_on as "completedOn", output
    from ${jobTable()} where state = 'failed' order by completed_on desc nulls last limit ${limit}`)) as unknown as Rows<FailedJob>;
  return result.rows;
}

/** The queue of a failed job, by its id; undefined when no failed job has it. */
export async function findFailedJobQueue(id: string): Promise<string | undefined> {
  if (!(await queueTablesExist())) return undefined;
  const result = (await getDb().execute(
    sql`select name from ${jobTable()} where id::text = ${id} and state = 'failed'`,
  )) as unknown as Rows<{ name: string }>;
  return result.rows[0]?.name;
}
