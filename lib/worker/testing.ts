import { runDueJobs as runRegistry } from "@/lib/jobs/runner";
import { jobHandlers } from "./handlers";

/**
 * For tests: runs every due job of every registered handler in this process (and the jobs they enqueue)
 * until none is due; returns how many ran. `await runDueJobs()` after the request that enqueues.
 */
export function runDueJobs(): Promise<number> {
  return runRegistry(jobHandlers);
}
