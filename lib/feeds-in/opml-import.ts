import "server-only";
import { parseOpml, type Opml } from "feedsmith";
import { XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import { ConflictError, HttpError, ValidationError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { readBodyUpTo } from "./body";
import { absoluteUrl } from "./parse";
import { advanceFeedImport, findFeedImportById, insertFeedImport, listFeedImports, type FeedImportRow } from "./repo";
import { followFeed } from "./service";

export const FEED_IMPORT_JOB = "feeds-in-opml-import";
const MAX_OPML_BYTES = 1024 * 1024;
const MAX_OUTLINES = 1000;
// Each follow fetches at most a page and three feeds of 10 s: a few per job stay well inside its expiry.
const OUTLINES_PER_JOB = 5;

export type FeedImportDto = {
  id: number;
  status: FeedImportRow["status"];
  total: number;
  processed: number;
  followed: number;
  failed: number;
  created_at: string;
};

function toDto(row: FeedImportRow): FeedImportDto {
  return {
    id: row.id,
    status: row.status,
    total: row.urls.length,
    processed: row.processed,
    followed: row.followed,
    failed: row.failed,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every feed URL of an OPML document's outlines (folders included), once each, in document order. */
function opmlFeedUrls(text: string): string[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed.startsWith("<") || XMLValidator.validate(trimmed) !== true) throw ValidationError.of("body", "Not an OPML file");
  let document: Opml.Document<string>;
  try {
    document = parseOpml(trimmed);
  } catch {
    throw ValidationError.of("body", "Not an OPML file");
  }
  const urls: string[] = [];
  const visit = (outlines: Opml.Outline<string>[] | undefined) => {
    for (const outline of outlines ?? []) {
      const url = absoluteUrl(outline.xmlUrl);
      if (url && !urls.includes(url)) urls.push(url);
      visit(outline.outlines);
    }
  };
  visit(document.body?.outlines);
  if (urls.length === 0) throw ValidationError.of("body", "The OPML file lists no feeds");
  if (urls.length > MAX_OUTLINES) throw ValidationError.of("body", `The OPML file lists more than ${MAX_OUTLINES} feeds`);
  return urls;
}

/** POST .../feed-subscriptions/opml: the file's feeds are followed one by one by a job (202). */
export async function startFeedImport(
  userId: number,
  upload: { body: ReadableStream<Uint8Array> | null; declaredLength: number },
): Promise<FeedImportDto> {
  const bytes = await readBodyUpTo(upload.body, upload.declaredLength, MAX_OPML_BYTES);
  const urls = opmlFeedUrls(bytes.toString("utf8"));
  const row = await insertFeedImport(userId, urls);
  await enqueueJob(FEED_IMPORT_JOB, { importId: row.id });
  return toDto(row);
}

export async function listFeedImportsOf(userId: number): Promise<{ items: FeedImportDto[] }> {
  return { items: (await listFeedImports(userId, 5)).map(toDto) };
}

const payload = z.object({ importId: z.number().int().positive() });

/** Follows the next few outlines of an import, counting each, then queues itself for the rest. */
export async function feedImportJob(data: unknown): Promise<void> {
  const { importId } = payload.parse(data);
  for (let step = 0; step < OUTLINES_PER_JOB; step++) {
    const row = await findFeedImportById(importId);
    if (!row || row.status !== "running") return;
    const url = row.urls[row.processed];
    if (url === undefined) return;
    const outcome = await followOutline(row.userId, url);
    const done = row.processed + 1 >= row.urls.length;
    // Counted by another run of this job meanwhile: that run goes on.
    if (!(await advanceFeedImport(row.id, row.processed, outcome, done))) return;
    if (done) return;
  }
  await enqueueJob(FEED_IMPORT_JOB, { importId });
}

async function followOutline(userId: number, url: string): Promise<"followed" | "failed"> {
  try {
    await followFeed(userId, url);
    return "followed";
  } catch (error) {
    // Followed already (by hand, or by this outline before a restart): it counts as followed.
    if (error instanceof ConflictError) return "followed";
    if (!(error instanceof HttpError)) logger.error({ err: error }, "An OPML outline could not be followed");
    return "failed";
  }
}
