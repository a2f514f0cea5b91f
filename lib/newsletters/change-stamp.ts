import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { discoveryChange } from "@/db/schema";

function prepareStamp(db: Database) {
  return db
    .select({ changes: sql<string>`sum(${discoveryChange.changes})` })
    .from(discoveryChange)
    .prepare("discovery_change_stamp");
}

// Read by nearly every discovery request: parsed and planned once per connection.
const preparedStamps = new WeakMap<Database, ReturnType<typeof prepareStamp>>();

async function readStamp(): Promise<number> {
  const db = getDb();
  let prepared = preparedStamps.get(db);
  if (!prepared) {
    prepared = prepareStamp(db);
    preparedStamps.set(db, prepared);
  }
  const [row] = await prepared.execute();
  return Number(row?.changes ?? 0);
}

let next: Promise<number> | undefined;

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
