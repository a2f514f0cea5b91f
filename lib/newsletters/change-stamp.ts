import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { discoveryChange } from "@/db/schema";

let next: Promise<number> | undefined;

async function readStamp(): Promise<number> {
  const [row] = await getDb()
    .select({ changes: sql<string>`sum(${discoveryChange.changes})` })
    .from(discoveryChange);
  return Number(row?.changes ?? 0);
}

/**
 * How many writes to what discovery shows have committed (see discoveryChange): an answer cached
 * under a stamp holds while the stamp stays the same. Requests arriving in the same turn of the
 * event loop share one read; it is sent after they all arrived, so it sees every write that
 * committed before any of them.
 */
export function currentChangeStamp(): Promise<number> {
  next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    next = undefined;
    return readStamp();
  });
  return next;
}
