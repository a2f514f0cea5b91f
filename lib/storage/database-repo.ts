import "server-only";
import { Readable } from "node:stream";
import { and, asc, eq, gt, like } from "drizzle-orm";
import { getDb, pingDatabase } from "@/db/client";
import { storedObject } from "@/db/schema";
import type { ObjectStore, StoredObject } from "./store";

const PAGE = 500;

function escapeLike(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Objects as rows of `stored_object`, for what has no column of its own when no bucket is configured. */
export const databaseStore: ObjectStore = {
  kind: "database",
  async put(key, body) {
    await getDb()
      .insert(storedObject)
      .values({ key, body, size: body.length })
      .onConflictDoUpdate({ target: storedObject.key, set: { body, size: body.length } });
  },
  async get(key) {
    const [row] = await getDb().select({ body: storedObject.body }).from(storedObject).where(eq(storedObject.key, key));
    return row?.body ?? null;
  },
  async stream(key) {
    const body = await this.get(key);
    return body ? Readable.from([body]) : null;
  },
  async head(key) {
    const [row] = await getDb()
      .select({ key: storedObject.key, size: storedObject.size })
      .from(storedObject)
      .where(eq(storedObject.key, key));
    return row ?? null;
  },
  async delete(key) {
    await getDb().delete(storedObject).where(eq(storedObject.key, key));
  },
  async *list(prefix, after) {
    let from = after ?? "";
    for (;;) {
      const rows: StoredObject[] = await getDb()
        .select({ key: storedObject.key, size: storedObject.size })
        .from(storedObject)
        .where(and(like(storedObject.key, `${escapeLike(prefix)}%`), gt(storedObject.key, from)))
        .orderBy(asc(storedObject.key))
        .limit(PAGE);
      yield* rows;
      if (rows.length < PAGE) return;
      from = rows[rows.length - 1].key;
    }
  },
  ping: pingDatabase,
};
