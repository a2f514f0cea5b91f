import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

/**
 * The rows that keep bytes (lib/storage/move.ts moves them to the bucket; lib/storage/verify.ts checks them):
 * each table's bytes column, the key its object gets in the bucket, and the column that then names it.
 */
export type Holder = "messages" | "images" | "uploads" | "attachments" | "objects";

const KEY_OF: Record<Holder, ReturnType<typeof sql>> = {
  messages: sql`raw_key`,
  images: sql`object_key`,
  uploads: sql`'uploads/' || upload_key || '/' || lpad(seq::text, 8, '0')`,
  attachments: sql`object_key`,
  objects: sql`key`,
};

const NAMED: Record<Holder, ReturnType<typeof sql>> = {
  messages: sql`SELECT DISTINCT raw_key AS key FROM inbound_message WHERE raw_key IS NOT NULL`,
  images: sql`SELECT object_key AS key FROM cache.image WHERE object_key IS NOT NULL`,
  uploads: sql`SELECT ${KEY_OF.uploads} AS key FROM upload_chunk WHERE data IS NULL`,
  attachments: sql`SELECT DISTINCT object_key AS key FROM attachment`,
  objects: sql`SELECT key FROM stored_object WHERE false`,
};

/** The keys rows name in the bucket, in the bucket's (bytewise) order, a page after `after`. */
export async function findNamedKeys(holder: Exclude<Holder, "objects">, after: string, limit: number): Promise<string[]> {
  const result = (await getDb().execute(sql`
    SELECT key FROM (${NAMED[holder]}) named WHERE key COLLATE "C" > ${after} ORDER BY key COLLATE "C" LIMIT ${limit}`)) as unknown as {
    rows: { key: string }[];
  };
  return result.rows.map((row) => row.key);
}

/** A row whose bytes are still in the database: its id (as text) and bytes. */
export type HeldBytes = { id: string; body: Buffer };

const HELD: Record<Holder, ReturnType<typeof sql>> = {
  messages: sql`SELECT id::text AS id, raw AS body FROM inbound_message WHERE raw IS NOT NULL`,
  images: sql`SELECT encode(key, 'hex') AS id, body FROM cache.image WHERE body IS NOT NULL`,
  uploads: sql`SELECT upload_key || '/' || lpad(seq::text, 8, '0') AS id, data AS body FROM upload_chunk WHERE data IS NOT NULL`,
  // Attachments never keep bytes in their rows: the database's are in stored_object, moved as "objects".
  attachments: sql`SELECT NULL::text AS id, NULL::bytea AS body WHERE false`,
  objects: sql`SELECT key AS id, body FROM stored_object`,
};

/** How many rows of `holder` still keep their bytes in the database. */
export async function countHeld(holder: Holder): Promise<number> {
  const result = (await getDb().execute(sql`SELECT count(*)::int AS n FROM (${HELD[holder]}) held`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/** The next rows of `holder` whose bytes are in the database, in id order after `after`. */
export async function findHeld(holder: Holder, after: string, limit: number): Promise<HeldBytes[]> {
  const order = holder === "messages" ? sql`id::int` : sql`id COLLATE "C"`;
  const from = holder === "messages" ? sql`id::int > ${Number(after || 0)}` : sql`id COLLATE "C" > ${after}`;
  const result = (await getDb().execute(
    sql`SELECT id, body FROM (${HELD[holder]}) held WHERE ${from} ORDER BY ${order} LIMIT ${limit}`,
  )) as unknown as {
    rows: { id: string; body: Buffer | Uint8Array }[];
  };
  return result.rows.map((row) => ({ id: row.id, body: Buffer.from(row.body) }));
}

/** The row's bytes now live in the bucket under `key`: the row names it and keeps no bytes. */
export async function markMoved(holder: Holder, id: string, key: string): Promise<void> {
  const db = getDb();
  if (holder === "messages")
    await db.execute(sql`UPDATE inbound_message SET raw = NULL, raw_key = ${key} WHERE id = ${Number(id)} AND raw IS NOT NULL`);
  else if (holder === "images")
    await db.execute(sql`UPDATE cache.image SET body = NULL, object_key = ${key} WHERE key = decode(${id}, 'hex') AND body IS NOT NULL`);
  else if (holder === "uploads") {
    const [uploadKey, seq] = id.split("/");
    await db.execute(sql`UPDATE upload_chunk SET data = NULL WHERE upload_key = ${uploadKey} AND seq = ${Number(seq)}`);
  } else await db.execute(sql`DELETE FROM stored_object WHERE key = ${id}`);
}
