import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { deliver, emailRow, mail, uniqueSender } from "./inbound-support";

useDatabase();

// Preparing on worker threads as the server does; each worker registers tsx before it loads the TypeScript
// entry. The hostile messages (80,000 nested <div>, 870 KB) are past the large-message size.
const entry = pathToFileURL(path.join(import.meta.dirname, "../../lib/mail/content/prepare-worker.ts")).href;
const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;

const nested = (depth: number) => `${"<div>".repeat(depth)}Deep inside${"</div>".repeat(depth)}`;

describe("hostile mail beside ordinary deliveries", () => {
  beforeAll(async () => {
    const { usePreparingWorkers } = await import("@/lib/mail/content/worker-pool");
    usePreparingWorkers(() => new Worker(bootstrap, { eval: true, execArgv: ["--conditions=react-server"] }));
  });

  it("answers an ordinary delivery while hostile ones are prepared, and files those as their text", async () => {
    const reader = await registerUser();
    // Both preparing workers started and warm, as in a server that has run a while.
    await deliver(mail({ to: reader.unique_email, from: uniqueSender() }));
    await deliver(mail({ to: reader.unique_email, from: uniqueSender(), html: nested(60_000) }));

    const answered: string[] = [];
    const hostile = [1, 2, 3].map((index) =>
      deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: `Hostile ${index}`, html: nested(80_000) })).then(
        (delivery) => {
          answered.push(`hostile ${index}`);
          return delivery;
        },
      ),
    );
    const ordinary = await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Ordinary" }));
    answered.push("ordinary");
    const hostileDeliveries = await Promise.all(hostile);

    expect(ordinary.status).toBe(202);
    // Answered before most of them: a queue shared with them would answer it after all three were prepared.
    expect(answered.indexOf("ordinary")).toBeLessThan(2);
    for (const delivery of hostileDeliveries) {
      expect(delivery.status).toBe(202);
      const [id] = (delivery.body as { emails: number[] }).emails;
      expect(await emailRow(id!)).toMatchObject({ bodyHtml: "<p>Deep inside</p>", bodyPlain: "Deep inside" });
    }
  });
});
