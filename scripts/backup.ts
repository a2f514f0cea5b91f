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
    const { env } = await import("@/lib/env");
    // With a bucket, the rows name objects the file does not hold (docs/operations.md, "Object storage").
    if (env.S3_BUCKET)
      console.log(
        `The bucket ${env.S3_BUCKET}'s objects (raw messages, uploads, cached images) are not in this file: back the bucket up beside it.`,
      );
    return 0;
  } finally {
    await closeDb();
  }
});
