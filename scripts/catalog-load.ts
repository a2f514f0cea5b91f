// `npm run catalog:load [-- FILE.json]`: loads the bundled newsletter catalog, or an operator's own
// file in the same shape (a list of newsletters, or {categories, newsletters}), into the database.
import { closeDb, prepareDatabase } from "@/db/client";
import { bundledCatalog, describeLoad, loadCatalog, readCatalogFile } from "@/lib/newsletters/catalog";
import { CatalogError } from "@/lib/newsletters/catalog-schema";

async function main(): Promise<number> {
  const file = process.argv.slice(2).find((arg) => arg !== "--");
  try {
    const catalog = file ? await readCatalogFile(file) : bundledCatalog();
    await prepareDatabase();
    const result = await loadCatalog(catalog);
    console.log(`${describeLoad(result)}${file ? ` from ${file}` : ""}.`);
    return 0;
  } catch (error) {
    if (error instanceof CatalogError) console.error(`${file ?? "The bundled catalog"}: ${error.message}`);
    else console.error("Loading the catalog failed:", error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exitCode = await main();
