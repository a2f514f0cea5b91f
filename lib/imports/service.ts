import "server-only";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/queue";
import { toImportDto, type ImportDto, type ImportFailureDto } from "./dto";
import { IMPORT_JOB } from "./job";
import { looksLikeMbox } from "./mbox";
import { findImport, findImports, insertImport, releaseRunningImports, type ImportFormat } from "./repo";
import { dropUpload, newUploadKey, sweepAbandonedUploads, uploadSink } from "./upload";
import { inspectZip, ZipRefusedError } from "./zip";

const FORMATS: Record<string, ImportFormat> = {
  "application/mbox": "mbox",
  "application/x-mbox": "mbox",
  "message/rfc822": "eml",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
};

const SNIFF_BYTES = 64;
const HEADER_LINE = /^[!-9;-~]+[ \t]*:/;

/** Whether the first bytes are what the declared type says; a reason when they are not. */
function contentMismatch(format: ImportFormat, head: Buffer): string | null {
  if (format === "mbox") return looksLikeMbox(head) ? null : "This is not an mbox file: it must start with a 'From ' line.";
  if (format === "zip") return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? null : "This is not a zip file.";
  return HEADER_LINE.test(head.toString("latin1")) ? null : "This is not an e-mail message: it must start with a header line.";
}

class ContentMismatchError extends Error {}

/** Counts the bytes, refuses them past the limit, and checks the first ones against the declared type. */
function guard(format: ImportFormat, limit: number): Transform {
  let seen = 0;
  let head = Buffer.alloc(0);
  const check = () => {
    const reason = contentMismatch(format, head);
    if (reason) throw new ContentMismatchError(reason);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) return callback(new PayloadTooLargeError(limitMessage(limit)));
      try {
        if (head.length < SNIFF_BYTES) {
          const before = head.length;
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - before)]);
          if (head.length >= SNIFF_BYTES) check();
        }
      } catch (error) {
        return callback(error as Error);
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (seen === 0) return callback(new ContentMismatchError("The file is empty."));
      try {
        if (head.length < SNIFF_BYTES) check();
      } catch (error) {
        return callback(error as Error);
      }
      callback();
    },
  });
}

function limitMessage(limit: number): string {
  return `The file is larger than the limit of ${Math.floor(limit / 1_048_576)} MB.`;
}

/** An uploaded file as it arrives: its declared media type and length, and its bytes, not yet read. */
export type Upload = { mediaType: string; declaredLength: number; body: ReadableStream<Uint8Array> | null };

/**
 * docs/contract.md 6.3 and 7.1: the upload is streamed into the database a chunk at a time (never whole in
 * memory, never on this instance's disk), refused with 413 past its limit before it is all read, 415
 * for another type and 422 for content that is not what its type says; then a job, on any instance, files it.
 */
export async function startImport(userId: number, upload: Upload): Promise<ImportDto> {
  const format = FORMATS[upload.mediaType];
  if (!format)
    throw new UnsupportedMediaTypeError(
      "Upload an mbox file (application/mbox), one message (message/rfc822) or a zip of .eml files (application/zip).",
    );
  const limit = format === "eml" ? env.MAX_MESSAGE_BYTES : env.IMPORT_MAX_BYTES;
  if (upload.declaredLength > limit) throw new PayloadTooLargeError(limitMessage(limit));
  if (!upload.body) throw ValidationError.of("body", "The file is empty.");
  await sweepAbandonedUploads();
  const uploadKey = newUploadKey();
  let imported = false;
  try {
    const body = Readable.fromWeb(upload.body as NodeWebStream<Uint8Array>);
    const counter = guard(format, limit);
    let size = 0;
    counter.on("data", (chunk: Buffer) => (size += chunk.length));
    await pipeline(body, counter, uploadSink(uploadKey));
    if (format === "zip") await inspectZip({ key: uploadKey, size }, env.IMPORT_MAX_BYTES);
    const row = await insertImport(userId, format, size, uploadKey);
    imported = true;
    await enqueueJob(IMPORT_JOB, { importId: row.id }, { retryLimit: 20, retryDelaySeconds: 5 });
    return toImportDto(row);
  } catch (error) {
    // Once its import exists the upload is the import's: a job queued later, or the watch, still reads it.
    if (!imported) await dropUpload(uploadKey);
    if (error instanceof ContentMismatchError || error instanceof ZipRefusedError) throw ValidationError.of("body", error.message);
    throw error;
  }
}

export async function describeImport(userId: number, importId: number): Promise<ImportDto> {
  const row = await findImport(userId, importId);
  if (!row) throw new NotFoundError("Import not found");
  return toImportDto(row);
}

export async function listImportFailures(userId: number, importId: number): Promise<{ items: ImportFailureDto[] }> {
  const row = await findImport(userId, importId);
  if (!row) throw new NotFoundError("Import not found");
  return { items: row.failures };
}

export async function listImports(userId: number): Promise<{ items: ImportDto[] }> {
  return { items: (await findImports(userId, 10)).map(toImportDto) };
}

/** Drops the chunks of uploads nobody will read (the worker's periodic sweep). */
export { sweepAbandonedUploads };

/**
 * Queues every running import again (a restore carries rows and uploads, not the job queue), so that each
 * one goes on from the message it had reached. Returns how many.
 */
export async function resumeRunningImports(): Promise<number> {
  const ids = await releaseRunningImports();
  for (const importId of ids) await enqueueJob(IMPORT_JOB, { importId }, { retryLimit: 20, retryDelaySeconds: 5 });
  return ids.length;
}
