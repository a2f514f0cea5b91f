// A worker thread of the preparing pool: parses and builds one message at a time for the server.
import { parentPort } from "node:worker_threads";
import type { RecipientIdentity } from "./depersonalize";
import { prepareHere } from "./prepared-message";

type Task = { id: number; raw: Uint8Array; envelopeTo: string[]; readers?: RecipientIdentity };

parentPort?.on("message", async (task: Task) => {
  const raw = Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength);
  parentPort?.postMessage({ id: task.id, prepared: await prepareHere(raw, task.envelopeTo, task.readers) });
});
