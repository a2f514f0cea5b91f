// `npm run mail:reprocess`: files again every inbound message left `failed` (after the fault is fixed).
import { closeDb, prepareDatabase } from "@/db/client";
import { reprocessFailed } from "@/lib/mail/service";

async function main(): Promise<number> {
  try {
    await prepareDatabase();
    const { filed, failed } = await reprocessFailed();
    console.log(`Filed ${filed} message${filed === 1 ? "" : "s"}; ${failed} still failing.`);
    return failed === 0 ? 0 : 1;
  } catch (error) {
    console.error("Reprocessing failed:", error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exitCode = await main();
