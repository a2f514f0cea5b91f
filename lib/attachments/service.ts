import "server-only";
import { z } from "zod";
import { NotFoundError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { contentKey, objectStore } from "@/lib/storage/store";
import { extractAttachments } from "./extract";
import {
  findAttachment,
  findAttachmentKey,
  findExportAttachments,
  findOwnEmail,
  findRaw,
  insertAttachments,
  listAttachments,
} from "./repo";

export const KEEP_ATTACHMENTS_JOB = "keep-attachments";

const KeepAttachmentsJob = z.object({ inboundId: z.number().int() });

export type AttachmentDto = { id: number; filename: string; content_type: string; size: number };

// A message that names no file carries none: most newsletters never get a job.
const NAMES_A_FILE = /filename\*?=|content-disposition:\s*attachment/i;

/** After a newsletter is filed: its files are read out of the stored message on a job, off the delivery's path. */
export async function queueKeepAttachments(inboundId: number, raw: Buffer): Promise<void> {
  if (!NAMES_A_FILE.test(raw.toString("latin1"))) return;
  await enqueueJob(KEEP_ATTACHMENTS_JOB, { inboundId }, { retryLimit: 3, retryDelaySeconds: 30 });
}

/** The `keep-attachments` job: once per stored message (its rows are keyed by place, so a retry adds nothing). */
export async function keepAttachmentsJob(data: unknown): Promise<void> {
  const parsed = KeepAttachmentsJob.safeParse(data);
  if (!parsed.success) return;
  const raw = await findRaw(parsed.data.inboundId);
  if (!raw) return;
  const store = await objectStore();
  const kept = [];
  for (const { content, ...file } of await extractAttachments(raw)) {
    // Written before its row, under the hash of its bytes: a retried job writes the same object again.
    const objectKey = contentKey("attachments", content);
    await store.put(objectKey, content, file.contentType);
    kept.push({ ...file, size: content.length, objectKey });
  }
  await insertAttachments(parsed.data.inboundId, kept);
}

/** An attachment's bytes; one whose object is gone is missing (`npm run admin -- storage verify` lists it). */
async function readObject(key: string): Promise<Buffer> {
  const bytes = await (await objectStore()).get(key);
  if (!bytes) throw new NotFoundError("Attachment not found");
  return bytes;
}

async function ownInbound(userId: number, emailId: number): Promise<number> {
  const own = await findOwnEmail(userId, emailId);
  if (!own) throw new NotFoundError("Email not found");
  // A copy with no stored message (a sample, one seeded) has no files.
  return own.inboundId ?? 0;
}

export async function getAttachments(userId: number, emailId: number): Promise<{ items: AttachmentDto[] }> {
  const rows = await listAttachments(await ownInbound(userId, emailId));
  return { items: rows.map((row) => ({ id: row.id, filename: row.filename, content_type: row.contentType, size: row.size })) };
}

// Types a browser would run or draw as a page of ours: served as bytes to save, never shown.
const ACTIVE_TYPE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|application\/x-shockwave-flash|multipart\/.*)$/i;
const TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/** The file, to download: Content-Disposition attachment, a content type that is never HTML or SVG, nosniff. */
export async function downloadAttachment(userId: number, emailId: number, attachmentId: number): Promise<Response> {
  const inboundId = await ownInbound(userId, emailId);
  const file = await findAttachment(inboundId, attachmentId);
  if (!file) throw new NotFoundError("Attachment not found");
  const type = TYPE.test(file.contentType) && !ACTIVE_TYPE.test(file.contentType) ? file.contentType : "application/octet-stream";
  const content = await readObject(file.objectKey);
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(new Uint8Array(content), {
    headers: {
      "content-type": type,
      "content-length": String(content.length),
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}

/** The account export's attachments of these copies: `attachments/<email id>/<id>-<name>` entries and how to read each. */
export async function exportAttachments(userId: number, emailIds: number[]) {
  const rows = await findExportAttachments(userId, emailIds);
  return rows.map((row) => ({
    emailId: row.emailId,
    name: `attachments/${row.emailId}/${row.id}-${row.filename}`,
    size: row.size,
    read: async () => {
      const key = await findAttachmentKey(row.id);
      return key ? readObject(key) : Buffer.alloc(0);
    },
  }));
}
