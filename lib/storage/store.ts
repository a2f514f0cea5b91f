import "server-only";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { env } from "@/lib/env";
import { ServiceUnavailableError } from "@/lib/api/errors";

/** An object's key and length in bytes. */
export type StoredObject = { key: string; size: number };

/**
 * Where the bytes that grow with use are kept, by key: a bucket of an S3-compatible store when `S3_*` are
 * set (lib/storage/bucket.ts), otherwise the database (lib/storage/database-repo.ts). Every instance reads and
 * writes the same objects. A store that does not answer throws StoreUnavailableError.
 */
export interface ObjectStore {
  readonly kind: "bucket" | "database";
  /** Durable once it resolves: the caller may acknowledge what it holds. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<Readable | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Nothing happens for a key that names no object. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order, from after `after` when given. */
  list(prefix: string, after?: string): AsyncIterable<StoredObject>;
  /** Whether the store answers (readiness); a bucket not there yet is created. */
  ping(): Promise<boolean>;
}

/** The store did not answer or refused for a moment: the sender is told to try again. */
export class StoreUnavailableError extends ServiceUnavailableError {
  constructor(readonly reason: string) {
    super("The service is briefly unavailable. Please try again in a few seconds.", 5);
  }
}

/** The key of immutable content: the same bytes always have the same key, so writing them twice is harmless. */
export function contentKey(prefix: string, body: Buffer): string {
  return `${prefix}/${createHash("sha256").update(body).digest("hex")}`;
}

/** Whether a bucket is configured: the four S3 variables are set (lib/env.ts refuses some without the others). */
export function bucketConfigured(): boolean {
  return Boolean(env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY);
}

let current: Promise<ObjectStore> | undefined;

/** This process's object store, chosen once from the configuration. */
export function objectStore(): Promise<ObjectStore> {
  current ??= bucketConfigured()
    ? import("./bucket").then(({ bucketStore }) => bucketStore())
    : import("./database-repo").then(({ databaseStore }) => databaseStore);
  return current;
}

/**
 * The bytes of a row that keeps them either in a column of its own (`inline`, the database's way) or as
 * an object under `key` (the bucket's). A key whose object is gone is an error: `storage verify` lists them.
 */
export async function bytesOf(inline: Buffer | null, key: string | null): Promise<Buffer> {
  if (inline) return inline;
  if (!key) throw new Error("The row keeps neither bytes nor an object key");
  const body = await (await objectStore()).get(key);
  if (!body) throw new Error(`The object ${key} is missing from the store`);
  return body;
}
