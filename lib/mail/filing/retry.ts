import "server-only";
import { z } from "zod";
import { enqueueJob } from "@/lib/jobs/queue";
import { claimDueInbound, failAbandonedInbound, findInbound } from "./repo";
import { prepareAndFileStored } from "@/lib/mail/service";

/**
 * Filing again, as jobs. The inbound row is the record of truth: its status, attempts and last attempt
 * time say what is due, so a message whose filing never started a job (the process died between storing
 * and filing, or before this code existed) is found as surely as one whose filing failed. Each worker
 * sweeps every SWEEP_SECONDS; what it claims becomes a `file-inbound` job that any instance may run.
 * Timing: a stored message not filed is claimed FIRST_RETRY_SECONDS after its last attempt began, at the
 * next sweep, and picked up by a runner within its poll: about 15 + 10 + 2 s, well inside the 60 s of
 * docs/contract.md 6.5. Later attempts wait three times longer each (45 s, 135 s, 405 s), then it stays `failed`.
 */
export const FILE_INBOUND_JOB = "file-inbound";
export const MAX_FILING_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 15;
export const SWEEP_SECONDS = 10;
// A claimed attempt that has not reported back in this long died with its process (jobs expire at 60 s).
const ABANDONED_SECONDS = 120;
const SWEEP_BATCH = 200;

const payload = z.object({ inboundId: z.number().int().positive() });

/** The `file-inbound` job: files the stored message unless it is filed already or gone. */
export async function fileInboundJob(data: unknown): Promise<void> {
  const { inboundId } = payload.parse(data);
  const row = await findInbound(inboundId);
  if (!row || row.status === "filed") return;
  // A failure is recorded on the row, where the sweep retries it: the job itself is done.
  await prepareAndFileStored(row);
}

/** Claims the stored messages due for another attempt and enqueues a job for each; returns how many. */
export async function sweepInbound(): Promise<number> {
  await failAbandonedInbound(MAX_FILING_ATTEMPTS, ABANDONED_SECONDS);
  let total = 0;
  for (;;) {
    const ids = await claimDueInbound(MAX_FILING_ATTEMPTS, FIRST_RETRY_SECONDS, SWEEP_BATCH);
    for (const inboundId of ids) await enqueueJob(FILE_INBOUND_JOB, { inboundId });
    total += ids.length;
    if (ids.length < SWEEP_BATCH) return total;
  }
}
