import "server-only";
import { EventEmitter } from "node:events";
import type PgBoss from "pg-boss";
import { configureQueue, endRetries, getBoss, type QueueSettings } from "./boss";
import { enqueued, JobCannotProceedError } from "./queue";
import { logger } from "@/lib/observability/log";

/** One queue's handler and settings, as lib/worker/handlers.ts lists them. */
type JobDefinition = QueueSettings & {
  /** Validates its payload; returns quietly when what it refers to is gone; throws to be retried. */
  handler: (data: unknown) => Promise<void>;
  /** Jobs of this queue one process runs at once (default 2). */
  concurrency?: number;
};
export type JobRegistry = Record<string, JobDefinition>;

/** `finished` ({ name, seconds, ok }) after every job, for metrics. */
const jobEvents = new EventEmitter();

// An idle queue is asked for due jobs this often; a job enqueued in this process wakes its runner at once.
const POLL_MS = 2000;
const MAINTENANCE_MS = 60_000;

type Job = PgBoss.JobWithMetadata<unknown>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function runJob(boss: PgBoss, name: string, definition: JobDefinition, job: Job): Promise<void> {
  const started = performance.now();
  let ok = true;
  try {
    await definition.handler(job.data);
  } catch (error) {
    ok = false;
    // Only the message is kept: the job's row outlives the attempt and must hold no mail body or address.
    const message = errorText(error);
    if (error instanceof JobCannotProceedError) {
      logger.error(
        { queue: name, job_id: job.id, attempts: job.retryCount + 1, reason: message },
        "Job cannot proceed: failed without retrying",
      );
      await endRetries(name, job.id).catch((failure: unknown) =>
        logger.error({ queue: name, job_id: job.id, err: failure }, "Jobs: could not stop a job's retries"),
      );
    } else if (job.retryCount >= job.retryLimit)
      logger.error({ queue: name, job_id: job.id, attempts: job.retryCount + 1, err: error }, "Job failed after its last attempt");
    await boss
      .fail(name, job.id, { message })
      .catch((failure: unknown) => logger.error({ queue: name, job_id: job.id, err: failure }, "Jobs: could not record a failure"));
  }
  jobEvents.emit("finished", { name, seconds: (performance.now() - started) / 1000, ok });
  // A completion lost to the database going away leaves the job active: it expires and runs again.
  if (ok)
    await boss
      .complete(name, job.id)
      .catch((error: unknown) => logger.error({ queue: name, job_id: job.id, err: error }, "Jobs: could not complete a job"));
}

/** Takes due jobs of one queue, up to its concurrency at once, until stopped. */
class QueueRunner {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;
  // Set by a wake-up (a job enqueued here, a job finished) so one arriving before the wait is not missed.
  private woken = false;
  private endWait: (() => void) | undefined;
  private readonly loop: Promise<void>;
  private readonly wake = () => {
    this.woken = true;
    this.endWait?.();
  };

  constructor(
    private readonly boss: PgBoss,
    private readonly name: string,
    private readonly definition: JobDefinition,
  ) {
    enqueued.on(name, this.wake);
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    const capacity = this.definition.concurrency ?? 2;
    while (!this.stopping) {
      const free = capacity - this.running.size;
      // pg-boss's fetch answers no jobs, rather than throwing, while the database is away: the next poll resumes.
      const jobs = free > 0 ? await this.boss.fetch<unknown>(this.name, { batchSize: free, includeMetadata: true }) : [];
      for (const job of jobs) {
        const done: Promise<void> = runJob(this.boss, this.name, this.definition, job).finally(() => {
          this.running.delete(done);
          this.wake();
        });
        this.running.add(done);
      }
      if (jobs.length === free && free > 0) continue;
      if (!this.woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          this.endWait = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      this.endWait = undefined;
      this.woken = false;
    }
  }

  /** Takes no new job; resolves when the ones running finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    enqueued.off(this.name, this.wake);
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.running]);
  }
}

export type Runner = { stop(timeoutMs: number): Promise<void> };

/** Configures every queue of the registry and runs its jobs in this process until `stop`. */
export async function startRunner(registry: JobRegistry): Promise<Runner> {
  const boss = await getBoss();
  for (const [name, definition] of Object.entries(registry)) await configureQueue(boss, name, definition);
  const runners = Object.entries(registry).map(([name, definition]) => new QueueRunner(boss, name, definition));
  // Expires jobs left active by a process that died (they run again), archives and drops old ones;
  // pg-boss serializes it across instances with an advisory lock.
  const maintenance = setInterval(
    () => void boss.maintain().catch((error: unknown) => logger.error({ err: error }, "Jobs maintenance failed")),
    MAINTENANCE_MS,
  );
  return {
    async stop(timeoutMs) {
      clearInterval(maintenance);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      // A job still running at the deadline is left active: it expires and runs again elsewhere.
      await Promise.race([Promise.all(runners.map((runner) => runner.stop())), timeout]);
      clearTimeout(timer);
    },
  };
}

/**
 * Runs every due job of the registry's queues in this process, including jobs those jobs enqueue,
 * until none is due; returns how many ran. For tests: a retried job waits for its delay and is not due.
 */
export async function runDueJobs(registry: JobRegistry): Promise<number> {
  const boss = await getBoss();
  for (const [name, definition] of Object.entries(registry)) await configureQueue(boss, name, definition);
  let ran = 0;
  for (let round = 0; round < 100; round++) {
    let found = 0;
    for (const [name, definition] of Object.entries(registry)) {
      const jobs = await boss.fetch<unknown>(name, { batchSize: 100, includeMetadata: true });
      for (const job of jobs) await runJob(boss, name, definition, job);
      found += jobs.length;
    }
    if (found === 0) return ran;
    ran += found;
  }
  throw new Error("Jobs kept enqueueing due jobs for 100 rounds");
}
