// Preparing workers for commands run under `node --import tsx`: a worker registers tsx itself before it
// loads the TypeScript entry, since Node 20 runs a worker's entry without the parent's loader hooks.
import { Worker } from "node:worker_threads";
import { usePreparingWorkers } from "@/lib/mail/content/worker-pool";

const tsx = import.meta.resolve("tsx/esm/api");
const entry = new URL("../lib/mail/content/prepare-worker.ts", import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;

export function usePreparingWorkersUnderTsx(): void {
  usePreparingWorkers(() => new Worker(bootstrap, { eval: true }));
}
