// `npm run backup -- FILE`: writes every account, message, setting and upload to FILE (lib/backup).
import "./load-env.mjs";
import { runCommand } from "./command";

await runCommand("backup", async () => {
  const file = process.argv[2];
  if (!file) throw new Error("Missing FILE: npm run backup -- FILE");
  const { closeDb, lockDatabase } = await import("./database");
  try {
    lockDatabase();
    const { backup } = await import("@/lib/backup/backup");
    const { tables, rows } = await backup(file);
    console.log(`Backed up ${rows} rows from ${tables} tables to ${file}.`);
    return 0;
  } finally {
    await closeDb();
  }
});
