import "server-only";
import { randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import yauzl from "yauzl";
import { objectStore } from "@/lib/storage/store";
import { deleteAbandonedUploads, deleteUploadChunks, findUploadChunks, insertUploadChunk } from "./repo";

/**
 * An upload lives in the database, UPLOAD_CHUNK_BYTES a row (the last one shorter), so whichever
 * instance or worker runs its import reads it back (docs/contract.md 7.1: no shared disk). Every chunk but the
 * last having the same size is what lets a reader start at any byte.
 */
const UPLOAD_CHUNK_BYTES = 1 << 20;
// An upload with no chunk written for this long lost its uploader (or its import ended without tidying).
const ABANDONED_UPLOAD_SECONDS = 3600;
// Chunks fetched by one query, the next query under way while they are read. One: four took 40-60 MB
// more peak RSS in an import (a bytea comes as hex text, held by the driver's buffers) for no speed.
const CHUNKS_PER_READ = 1;
// Chunks a zip reader keeps: yauzl reads the central directory and each entry in small pieces, in order.
const CACHED_CHUNKS = 8;

/** Drops the chunks of uploads nobody will read; run as an upload or an import starts. */
export async function sweepAbandonedUploads(): Promise<void> {
  for (const uploadKey of await deleteAbandonedUploads(ABANDONED_UPLOAD_SECONDS)) await deleteUploadObjects(uploadKey);
}

/** Drops an upload: its chunks' rows and, with a bucket, their objects. */
export async function dropUpload(uploadKey: string): Promise<void> {
  await deleteUploadChunks(uploadKey);
  await deleteUploadObjects(uploadKey);
}

async function deleteUploadObjects(uploadKey: string): Promise<void> {
  const store = await objectStore();
  if (store.kind === "database") return;
  for await (const { key } of store.list(`uploads/${uploadKey}/`)) await store.delete(key);
}

/** The bucket's object for a chunk: the sequence zero-padded, so the bucket lists them in order. */
function chunkObjectKey(uploadKey: string, seq: number): string {
  return `uploads/${uploadKey}/${String(seq).padStart(8, "0")}`;
}

/** Keeps a chunk: with a bucket, the object first and then the row that says it is there. */
async function keepChunk(uploadKey: string, seq: number, data: Buffer): Promise<void> {
  const store = await objectStore();
  if (store.kind === "database") return insertUploadChunk(uploadKey, seq, data);
  await store.put(chunkObjectKey(uploadKey, seq), data);
  await insertUploadChunk(uploadKey, seq, null);
}

export function newUploadKey(): string {
  return randomBytes(16).toString("hex");
}

/** Where an upload's bytes go as they arrive: a chunk is written before more is taken, so memory holds about one. */
export function uploadSink(uploadKey: string): Writable {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= UPLOAD_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending, pendingBytes);
      const data = joined.subarray(0, UPLOAD_CHUNK_BYTES);
      const rest = joined.subarray(data.length);
      await keepChunk(uploadKey, seq++, data);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < UPLOAD_CHUNK_BYTES) return callback();
      flush(false).then(() => callback(), callback);
    },
    final(callback) {
      flush(true).then(() => callback(), callback);
    },
  });
}

/** The upload's chunks were dropped (its import ended, or its account was deleted) while it was still needed. */
export class UploadGoneError extends Error {
  constructor() {
    super("The uploaded file is no longer stored: upload it again.");
  }
}

/** A fetch of chunks that may settle before anyone awaits it: its failure is heard where it is awaited, never as unhandled. */
function fetchChunks(uploadKey: string, from: number): Promise<{ seq: number; data: Buffer }[]> {
  const fetched = findUploadChunks(uploadKey, from, CHUNKS_PER_READ).then((rows) =>
    Promise.all(rows.map(async ({ seq, data }) => ({ seq, data: data ?? (await chunkObject(uploadKey, seq)) }))),
  );
  fetched.catch(() => undefined);
  return fetched;
}

async function chunkObject(uploadKey: string, seq: number): Promise<Buffer> {
  const data = await (await objectStore()).get(chunkObjectKey(uploadKey, seq));
  if (!data) throw new UploadGoneError();
  return data;
}

/** The upload's chunks from the `first`-th on, the next few fetched while these are read. */
async function* chunksFrom(uploadKey: string, first: number): AsyncGenerator<Buffer> {
  let next = first;
  let fetching: Promise<{ seq: number; data: Buffer }[]> | null = fetchChunks(uploadKey, next);
  while (fetching) {
    const rows: { seq: number; data: Buffer }[] = await fetching;
    fetching = rows.length === CHUNKS_PER_READ ? fetchChunks(uploadKey, next + CHUNKS_PER_READ) : null;
    for (const row of rows) {
      if (row.seq !== next) throw new UploadGoneError();
      next++;
      yield row.data;
    }
  }
}

/** An upload kept in the database, by its key and size in bytes. */
export type StoredUpload = { key: string; size: number };

/** The upload's bytes from byte `start` on, as a stream; it fails with UploadGoneError when chunks are missing. */
export function readUpload(upload: StoredUpload, start = 0): Readable {
  const first = Math.floor(start / UPLOAD_CHUNK_BYTES);
  async function* bytes() {
    let skip = start - first * UPLOAD_CHUNK_BYTES;
    let read = start;
    for await (const data of chunksFrom(upload.key, first)) {
      yield skip > 0 ? data.subarray(skip) : data;
      read += data.length - skip;
      skip = 0;
    }
    if (read < upload.size) throw new UploadGoneError();
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** Random access to an upload for yauzl, which reads a zip's central directory at its end before its entries. */
export class UploadZipReader extends yauzl.RandomAccessReader {
  private readonly cache = new Map<number, Promise<Buffer | undefined>>();

  constructor(private readonly uploadKey: string) {
    super();
  }

  _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.range(start, end), { objectMode: false });
  }

  private async *range(start: number, end: number): AsyncGenerator<Buffer> {
    for (let position = start; position < end;) {
      const seq = Math.floor(position / UPLOAD_CHUNK_BYTES);
      const data = await this.chunk(seq);
      const from = position - seq * UPLOAD_CHUNK_BYTES;
      const to = Math.min(data?.length ?? 0, end - seq * UPLOAD_CHUNK_BYTES);
      if (!data || to <= from) throw new UploadGoneError();
      yield data.subarray(from, to);
      position += to - from;
    }
  }

  private chunk(seq: number): Promise<Buffer | undefined> {
    const cached = this.cache.get(seq);
    if (cached) return cached;
    const fetched = fetchChunks(this.uploadKey, seq);
    const chunkAt = (at: number) => {
      const chunk = fetched.then((rows) => rows.find((row) => row.seq === at)?.data);
      chunk.catch(() => undefined);
      return chunk;
    };
    for (let at = seq; at < seq + CHUNKS_PER_READ; at++) {
      // Set anew, so the chunks just fetched are the newest and the oldest are dropped first.
      this.cache.delete(at);
      this.cache.set(at, chunkAt(at));
    }
    for (const key of this.cache.keys()) {
      if (this.cache.size <= CACHED_CHUNKS) break;
      this.cache.delete(key);
    }
    return chunkAt(seq);
  }
}
