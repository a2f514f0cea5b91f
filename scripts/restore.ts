// `npm run restore -- FILE`: loads a backup into an empty database, then migrates it to this version.
import "./load-env.mjs";
import { runCommand } from "./command";

await runCommand("restore", async () => {
  const file = process.argv[2];
  if (!file) throw new Error("Missing FILE: npm run restore -- FILE");
  const { closeDb, lockDatabase, openDatabase } = await import("./database");
  try {
    lockDatabase();
    const { restore } = await import("@/lib/backup/restore");
    const { tables, rows } = await restore(file);
    await openDatabase();
    const { resumeRunningImports } = await import("@/lib/imports/service");
    const imports = await resumeRunningImports();
    console.log(
      `Restored ${rows} rows into ${tables} tables from ${file}${imports > 0 ? `; ${imports} running import${imports === 1 ? "" : "s"} queued again` : ""}.`,
    );
    return 0;
  } finally {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
    await closeDb();
  }
});
