import "server-only";
import { contentKey, objectStore, type ObjectStore } from "./store";
import { countHeld, findHeld, findNamedKeys, markMoved, type Holder } from "./repo";

/** Where `storage move-to-bucket` and `storage verify` report, a line at a time. */
export type Report = (line: string) => void;

const PAGE = 500;
// Objects written at once while moving: enough to hide the bucket's latency, few enough to spare the database.
const MOVE_CONCURRENCY = 8;
const MOVE_BATCH = 64;

/** The key each holder's bytes get in the bucket (the same as where they are written today). */
function bucketKey(holder: Holder, id: string, body: Buffer): string {
  if (holder === "messages") return contentKey("messages", body);
  if (holder === "images") return `images/${id}`;
  if (holder === "uploads") return `uploads/${id}`;
  return id;
}

const HOLDERS: { holder: Holder; name: string }[] = [
  { holder: "messages", name: "raw messages" },
  { holder: "uploads", name: "upload chunks" },
  { holder: "images", name: "cached images" },
  { holder: "objects", name: "other objects" },
];

async function bucketOrRefuse(): Promise<ObjectStore> {
  const store = await objectStore();
  if (store.kind !== "bucket")
    throw new Error("No bucket is configured: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  return store;
}

/**
 * Moves what the database holds into the bucket, a batch at a time: each object is written before its row
 * gives up its bytes, so a stop (Ctrl-C, a crash) loses nothing and the next run goes on from what is
 * left. Reports progress every batch; answers how many rows moved.
 */
export async function moveToBucket(report: Report): Promise<number> {
  const store = await bucketOrRefuse();
  let moved = 0;
  for (const { holder, name } of HOLDERS) {
    const total = await countHeld(holder);
    if (total === 0) continue;
    let done = 0;
    let after = "";
    const started = Date.now();
    for (;;) {
      const rows = await findHeld(holder, after, MOVE_BATCH);
      if (rows.length === 0) break;
      for (let start = 0; start < rows.length; start += MOVE_CONCURRENCY) {
        // Every write of the batch settles before a failure is raised: none is left marking its row after the command ended.
        const settled = await Promise.allSettled(
          rows.slice(start, start + MOVE_CONCURRENCY).map(async ({ id, body }) => {
            const key = bucketKey(holder, id, body);
            await store.put(key, body);
            await markMoved(holder, id, key);
          }),
        );
        const failed = settled.find((result) => result.status === "rejected");
        if (failed) throw failed.reason;
      }
      done += rows.length;
      after = rows[rows.length - 1].id;
      const seconds = (Date.now() - started) / 1000;
      report(`${name}: ${done}/${total} moved (${Math.round(done / Math.max(seconds, 0.001))}/s)`);
    }
    moved += done;
  }
  report(moved === 0 ? "Nothing left in the database to move" : `${moved} moved to the bucket`);
  return moved;
}

/** What `storage verify` found: keys rows name that the bucket lacks, and objects no row names. */
export type Verified = { named: number; missing: string[]; unnamed: string[] };

/**
 * Walks each prefix of the bucket beside the keys its rows name, both in key order (a merge, so neither
 * side is held in memory), and reports each key on one side only.
 */
export async function verifyStorage(report: Report): Promise<Verified> {
  const store = await bucketOrRefuse();
  const result: Verified = { named: 0, missing: [], unnamed: [] };
  for (const holder of ["messages", "images", "uploads", "attachments"] as const) {
    const objects = store.list(`${holder}/`)[Symbol.asyncIterator]();
    let object = await objects.next();
    const named = namedKeys(holder);
    for await (const key of named) {
      result.named++;
      while (!object.done && object.value.key < key) {
        result.unnamed.push(object.value.key);
        report(`not named by any row\t${object.value.key}`);
        object = await objects.next();
      }
      if (!object.done && object.value.key === key) object = await objects.next();
      else {
        result.missing.push(key);
        report(`missing from the bucket\t${key}`);
      }
    }
    for (; !object.done; object = await objects.next()) {
      result.unnamed.push(object.value.key);
      report(`not named by any row\t${object.value.key}`);
    }
  }
  report(`${result.named} objects named by rows: ${result.missing.length} missing, ${result.unnamed.length} objects named by no row`);
  return result;
}

async function* namedKeys(holder: Exclude<Holder, "objects">): AsyncGenerator<string> {
  let after = "";
  for (;;) {
    const keys = await findNamedKeys(holder, after, PAGE);
    yield* keys;
    if (keys.length < PAGE) return;
    after = keys[keys.length - 1];
  }
}
