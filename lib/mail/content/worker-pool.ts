import "server-only";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { RecipientIdentity } from "./depersonalize";
import { prepareHere, type PreparedMessage } from "./prepared-message";
import { logger } from "@/lib/observability/log";

type Task = {
  raw: Buffer;
  envelopeTo: string[];
  readers?: RecipientIdentity;
  resolve: (prepared: PreparedMessage | Promise<PreparedMessage>) => void;
};
/** Starts one preparing worker running ./prepare-worker.ts. */
export type StartWorker = () => Worker;
type Slot = { worker: Worker; tasks: Map<number, Task> };

// After this many workers die without finishing a task, the pool gives up and prepares on the calling thread.
const MAX_FAILURES = 3;

/** Worker threads that parse and build messages; a task whose worker dies is prepared on the calling thread. */
class PreparingPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;
  private failures = 0;

  constructor(
    private readonly size: number,
    private readonly start: StartWorker,
  ) {}

  prepare(raw: Buffer, envelopeTo: string[], readers?: RecipientIdentity): Promise<PreparedMessage> {
    if (this.failures >= MAX_FAILURES) return prepareHere(raw, envelopeTo, readers);
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.tasks.set(id, { raw, envelopeTo, readers, resolve });
      slot.worker.postMessage({ id, raw, envelopeTo, readers });
    });
  }

  private leastBusy(): Slot {
    if (this.slots.length < this.size) return this.spawn();
    return this.slots.reduce((best, slot) => (slot.tasks.size < best.tasks.size ? slot : best));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.start(), tasks: new Map() };
    slot.worker.unref();
    slot.worker.on("message", ({ id, prepared }: { id: number; prepared: PreparedMessage }) => {
      this.failures = 0;
      slot.tasks.get(id)?.resolve(prepared);
      slot.tasks.delete(id);
    });
    const retire = (error?: Error) => {
      if (!this.slots.includes(slot)) return;
      this.slots.splice(this.slots.indexOf(slot), 1);
      this.failures++;
      if (error) logger.error({ err: error }, "A mail-preparing worker failed; its messages are prepared on the server thread");
      for (const task of slot.tasks.values()) task.resolve(prepareHere(task.raw, task.envelopeTo, task.readers));
      slot.tasks.clear();
    };
    slot.worker.on("error", retire);
    slot.worker.on("exit", () => retire());
    this.slots.push(slot);
    return slot;
  }
}

type Pools = { ordinary: PreparingPool; large: PreparingPool };
const holder = globalThis as typeof globalThis & { paperboyPreparingPools?: Pools; paperboyStartWorker?: StartWorker };

// Preparing costs about as much as a message weighs, once its HTML is bounded (html-bounds.ts): messages
// heavier than this are prepared on a worker of their own, so the ordinary ones never queue behind them.
const LARGE_MESSAGE_BYTES = 512 * 1024;

/**
 * Lets a command run under `node --import tsx` (`npm run worker`, the import benchmark) prepare on worker
 * threads as the server does: Node 20 does not give a worker's entry the parent's TypeScript loader, so
 * the command says how to start one.
 */
export function usePreparingWorkers(start: StartWorker): void {
  holder.paperboyStartWorker = start;
}

/**
 * Parsing and sanitizing are most of a delivery's CPU: in the server (and `npm run worker`) they run on
 * worker threads, so concurrent deliveries use every core and the event loop stays free for requests and
 * queries. Next's build bundles the worker; tests and other scripts prepare on their own thread.
 */
export function prepareMessage(raw: Buffer, envelopeTo: string[], readers?: RecipientIdentity): Promise<PreparedMessage> {
  if (process.env.NEXT_RUNTIME === "nodejs")
    holder.paperboyStartWorker ??= () => new Worker(new URL("./prepare-worker.ts", import.meta.url));
  const start = holder.paperboyStartWorker;
  if (!start) return prepareHere(raw, envelopeTo, readers);
  // One core is left to the server thread and PostgreSQL: on 2 cores, 8 deliveries at once filed about
  // 112 messages/s with one worker against 106 with two (less switching between threads that share a core).
  // The large messages' worker is started only when one comes.
  holder.paperboyPreparingPools ??= {
    ordinary: new PreparingPool(Math.max(1, Math.min(4, availableParallelism() - 1)), start),
    large: new PreparingPool(1, start),
  };
  const pool = raw.length > LARGE_MESSAGE_BYTES ? holder.paperboyPreparingPools.large : holder.paperboyPreparingPools.ordinary;
  return pool.prepare(raw, envelopeTo, readers);
}
