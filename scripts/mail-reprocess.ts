// `npm run mail:reprocess`: files again every inbound message left `failed` (after the fault is fixed).
import "./load-env.mjs";
import { runCommand } from "./command";

await runCommand("Reprocessing failed", async () => {
  const { closeDb, openDatabase } = await import("./database");
  try {
    await openDatabase();
    const { reprocessFailed } = await import("@/lib/mail/service");
    const { filed, failed } = await reprocessFailed();
    console.log(`Filed ${filed} message${filed === 1 ? "" : "s"}; ${failed} still failing.`);
    return failed === 0 ? 0 : 1;
  } finally {
    await closeDb();
  }
});
