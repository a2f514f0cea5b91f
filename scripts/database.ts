// The database as the command-line tools open it: like the server, they refuse the embedded database
// while another process has it open, and say in one line where a database that does not open is.
import { prepareDatabase } from "@/db/client";
import { lockEmbeddedDatabase } from "@/lib/embedded-lock";
import { dataPath, databaseLocation, env } from "@/lib/env";
import { errorMessage } from "./command";

export { closeDb } from "@/db/client";

export async function openDatabase(): Promise<void> {
  if (!env.DATABASE_URL) lockEmbeddedDatabase(dataPath());
  try {
    await prepareDatabase();
  } catch (error) {
    throw new Error(`could not open the database at ${databaseLocation()}: ${errorMessage(error)}`);
  }
}
