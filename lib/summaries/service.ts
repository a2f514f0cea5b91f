import "server-only";
import { z } from "zod";
import { NotFoundError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { summarizeWithModel, type ModelEndpoint } from "./client";
import { findIssueText, findSummariesOn, findSummarizable, saveModelSummary, saveSummariesOn, writtenToday } from "./repo";

export const SUMMARIZE_JOB = "summarize-issue";
// A model that is down or slow gets three more tries, a minute apart and doubling; then the extractive summary stays.
export const SUMMARIZE_RETRIES = { retryLimit: 3, retryDelaySeconds: 60 };

const SummarizeJob = z.object({ emailId: z.number().int(), userId: z.number().int() });

export type SummariesDto = { enabled: boolean };

/** The operator's endpoint, or null: then nothing is offered and nothing is sent. */
function configuredEndpoint(): ModelEndpoint | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return { baseUrl: env.AI_BASE_URL, model: env.AI_MODEL, apiKey: env.AI_API_KEY };
}

function requireEndpoint(): ModelEndpoint {
  const endpoint = configuredEndpoint();
  if (!endpoint) throw new NotFoundError("Summaries are not configured on this server");
  return endpoint;
}

export async function getSummaries(userId: number): Promise<SummariesDto> {
  requireEndpoint();
  return { enabled: await findSummariesOn(userId) };
}

export async function saveSummaries(userId: number, input: SummariesDto): Promise<SummariesDto> {
  requireEndpoint();
  await saveSummariesOn(userId, input.enabled);
  return { enabled: input.enabled };
}

/** After filing: one job per new copy whose reader turned summaries on; none at all without an endpoint. */
export async function queueSummaries(emailIds: number[]): Promise<void> {
  if (!configuredEndpoint() || emailIds.length === 0) return;
  try {
    for (const { emailId, userId } of await findSummarizable(emailIds)) {
      await enqueueJob(
        SUMMARIZE_JOB,
        { emailId, userId },
        { ...SUMMARIZE_RETRIES, singletonKey: `summary-${emailId}`, singletonSeconds: 3600 },
      );
    }
  } catch (error) {
    // The issue is filed; it keeps its extractive summary.
    logger.error({ err: error }, "Summaries could not be queued");
  }
}

/**
 * The `summarize-issue` job: the model's summary of the reader's copy, within their daily cap. A reader who
 * turned summaries off meanwhile, a copy gone, a cap reached or an endpoint removed: nothing is sent. A
 * failing model throws, so the job is retried; the extractive summary stays until one succeeds.
 */
export async function summarizeJob(data: unknown): Promise<void> {
  const parsed = SummarizeJob.safeParse(data);
  const endpoint = configuredEndpoint();
  if (!parsed.success || !endpoint) return;
  const { emailId, userId } = parsed.data;
  const issue = await findIssueText(userId, emailId);
  if (!issue?.text) return;
  const day = new Date().toISOString().slice(0, 10);
  if ((await writtenToday(userId, day)) >= env.AI_DAILY_SUMMARIES) return;
  const summary = await summarizeWithModel(endpoint, { subject: issue.subject ?? "", text: issue.text });
  await saveModelSummary(userId, emailId, summary, day);
}
