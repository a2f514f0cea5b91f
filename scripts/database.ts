// The database as the command-line tools open it: like the server, they refuse the embedded database
// while another process has it open, and say in one line where a database that does not open is.
import { prepareDatabase } from "@/db/client";
import { lockEmbeddedDatabase } from "@/lib/embedded-lock";
import { dataPath, databaseLocation, env } from "@/lib/env";
import { errorMessage } from "./command";

export { closeDb } from "@/db/client";

/** Claims the embedded database for this process (nothing to claim on PostgreSQL), without migrating it. */
export function lockDatabase(): void {
  if (!env.DATABASE_URL) lockEmbeddedDatabase(dataPath());
}

export async function openDatabase(): Promise<void> {
  lockDatabase();
  try {
    await prepareDatabase();
  } catch (error) {
    throw new Error(`could not open the database at ${databaseLocation()}: ${errorMessage(error)}`);
  }
}
