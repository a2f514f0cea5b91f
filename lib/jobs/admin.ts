import "server-only";
import { BadRequestError, NotFoundError } from "@/lib/api/errors";
import { failedJobQueue, failedJobs } from "@/lib/observability/stats";
import { getBoss } from "./boss";

export type AdminJob = { id: string; queue: string; attempts: number; failed_at: string | null; error: string | null };

const LIST_LIMIT = 200;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a failed job left as its reason: pg-boss keeps the error it threw in `output`. */
function reason(output: unknown): string | null {
  if (output && typeof output === "object" && "message" in output) return String(output.message).split("\n")[0];
  return output === null || output === undefined ? null : JSON.stringify(output).slice(0, 200);
}

export async function listFailedJobs(): Promise<AdminJob[]> {
  return (await failedJobs(LIST_LIMIT)).map((job) => ({
    id: job.id,
    queue: job.name,
    attempts: job.retryCount + 1,
    failed_at: job.completedOn ? new Date(job.completedOn).toISOString() : null,
    error: reason(job.output),
  }));
}

/** Puts a failed job back in its queue, to run again on the next worker that polls it. */
export async function retryFailedJob(id: string): Promise<{ id: string; queue: string }> {
  if (!JOB_ID.test(id)) throw new BadRequestError("A job id is a UUID");
  const queue = await failedJobQueue(id);
  if (!queue) throw new NotFoundError("Failed job not found");
  const boss = await getBoss();
  await boss.retry(queue, id);
  return { id, queue };
}
