// `npm run db:migrate`: applies pending migrations and exits (the server also applies them at start).
import "./load-env.mjs";
import { runCommand } from "./command";

await runCommand("Migration failed", async () => {
  const { closeDb, openDatabase } = await import("./database");
  try {
    await openDatabase();
    console.log("Database is up to date.");
    return 0;
  } finally {
    await closeDb();
  }
});
