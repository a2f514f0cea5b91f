// `npm run restore -- FILE`: loads a backup into an empty database, then migrates it to this version.
import "./load-env.mjs";
import { runCommand } from "./command";

await runCommand("restore", async () => {
  const file = process.argv[2];
  if (!file) throw new Error("Missing FILE: npm run restore -- FILE");
  const { closeDb, lockDatabase, openDatabase } = await import("./database");
  try {
    lockDatabase();
    const { restore } = await import("@/lib/backup");
    const { tables, rows } = await restore(file);
    await openDatabase();
    console.log(`Restored ${rows} rows into ${tables} tables from ${file}.`);
    return 0;
  } finally {
    await closeDb();
  }
});
