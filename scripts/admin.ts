// `npm run admin -- <command>`: an operator's commands (users, newsletters awaiting review, failed jobs, imports, stats).
import "./load-env.mjs";
import { runCommand } from "./command";

await runCommand("admin", async () => {
  const { closeDb, openDatabase } = await import("./database");
  try {
    await openDatabase();
    const { runAdmin } = await import("@/lib/admin");
    return await runAdmin(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) });
  } finally {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
    await closeDb();
  }
});
