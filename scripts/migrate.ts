// `npm run db:migrate`: applies pending migrations and exits (the server also applies them at start).
import { closeDb, prepareDatabase } from "@/db/client";

prepareDatabase()
  .then(() => console.log("Database is up to date."))
  .catch((error: unknown) => {
    console.error("Migration failed:", error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
