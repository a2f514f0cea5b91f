import "server-only";
import PgBoss from "pg-boss";
import { executeSql } from "@/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";

// Kept on globalThis like the database connection, so Next's module copies and test re-imports share one.
const holder = globalThis as typeof globalThis & { paperboyBoss?: Promise<PgBoss> };

/** What a queue no worker has configured yet retries with (lib/worker sets each queue's own at start). */
const QUEUE_DEFAULTS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };

const createdQueues = new Set<string>();

/**
 * pg-boss on this process's database connection (PostgreSQL pool or PGlite), its tables created on
 * first use in JOBS_SCHEMA. Its own timers stay off: the worker runs maintenance (lib/jobs/runner.ts),
 * so a process that only enqueues does no background work.
 */
export function getBoss(): Promise<PgBoss> {
  holder.paperboyBoss ??= startBoss().catch((error: unknown) => {
    // The database may be back on the next call.
    holder.paperboyBoss = undefined;
    throw error;
  });
  return holder.paperboyBoss;
}

async function startBoss(): Promise<PgBoss> {
  const boss = new PgBoss({ db: { executeSql }, schema: env.JOBS_SCHEMA, supervise: false, schedule: false });
  boss.on("error", (error: Error) => logger.error({ err: error }, "Jobs: pg-boss error"));
  await boss.start();
  return boss;
}

export type QueueSettings = { retryLimit?: number; retryDelaySeconds?: number; expireInSeconds?: number };

/** Creates the queue once per process (pg-boss 10 refuses jobs for a queue that does not exist). */
export async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  if (createdQueues.has(name)) return;
  await createQueue(boss, name, { name, ...QUEUE_DEFAULTS });
  createdQueues.add(name);
}

// PostgreSQL's code for a transaction it ended to break a deadlock.
const DEADLOCK_DETECTED = "40P01";
const CREATE_ATTEMPTS = 3;
let creating: Promise<unknown> = Promise.resolve();

/**
 * pg-boss makes a queue a partition of its job table, under locks on that table: two creations at once
 * deadlock (a delivery's first jobs of several kinds, queued together). This process makes them one at a
 * time, and one that lost to another process's creation is tried again.
 */
function createQueue(boss: PgBoss, name: string, queue: Parameters<PgBoss["createQueue"]>[1]): Promise<void> {
  const created = creating.then(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await boss.createQueue(name, queue);
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= CREATE_ATTEMPTS) throw error;
      }
    }
  });
  creating = created.catch(() => undefined);
  return created;
}

/** Creates the queue or updates its retry and expiry settings, which jobs enqueued from then on take. */
export async function configureQueue(boss: PgBoss, name: string, settings: QueueSettings): Promise<void> {
  const queue = {
    name,
    retryLimit: settings.retryLimit ?? QUEUE_DEFAULTS.retryLimit,
    retryDelay: settings.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelay,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds ?? QUEUE_DEFAULTS.expireInSeconds,
  };
  await createQueue(boss, name, queue);
  await boss.updateQueue(name, queue);
  createdQueues.add(name);
}

/** Leaves a job no attempt after this one, so that failing it fails it for good (pg-boss retries while it has attempts left). */
export async function endRetries(name: string, id: string): Promise<void> {
  await executeSql(`UPDATE ${env.JOBS_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [name, id]);
}

export async function stopBoss(): Promise<void> {
  const started = holder.paperboyBoss;
  holder.paperboyBoss = undefined;
  createdQueues.clear();
  if (started) await (await started.catch(() => undefined))?.stop({ graceful: false, close: false });
}
