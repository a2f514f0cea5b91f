import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { preparedOnce } from "@/db/prepared";
import { discoveryChange } from "@/db/schema";

function prepareStamp(db: Database) {
  return db
    .select({ changes: sql<string>`sum(${discoveryChange.changes})` })
    .from(discoveryChange)
    .prepare("discovery_change_stamp");
}

// Read by nearly every discovery request: parsed and planned once per connection.
const preparedStamps = new WeakMap<Database, Map<string, ReturnType<typeof prepareStamp>>>();

async function readStamp(): Promise<number> {
  const [row] = await preparedOnce(preparedStamps, "discovery_change_stamp", prepareStamp).execute();
  return Number(row?.changes ?? 0);
}

let inFlight: Promise<number> | undefined;
let queued: Promise<number> | undefined;

/**
 * How many writes to what discovery shows have committed (see discoveryChange): an answer cached
 * under a stamp holds while the stamp stays the same. The stamp must be read after the request
 * arrived, so a request that finds a read under way waits for the next one, which every request
 * arriving meanwhile shares: under load one read serves many requests.
 */
export function currentChangeStamp(): Promise<number> {
  if (!inFlight) {
    inFlight = readStamp().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }
  queued ??= inFlight
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return currentChangeStamp();
    });
  return queued;
}
