// `npm run catalog:load [-- FILE.json]`: loads the bundled newsletter catalog, or an operator's own
// file in the same shape (a list of newsletters, or {categories, newsletters}), into the database.
import "./load-env.mjs";
import { runCommand } from "./command";

const file = process.argv.slice(2).find((arg) => arg !== "--");

await runCommand("Loading the catalog failed", async () => {
  const { bundledCatalog, describeLoad, loadCatalog, readCatalogFile } = await import("@/lib/newsletters/catalog");
  const { CatalogError } = await import("@/lib/newsletters/catalog-schema");
  const { closeDb, openDatabase } = await import("./database");
  try {
    const catalog = file ? await readCatalogFile(file) : bundledCatalog();
    await openDatabase();
    const result = await loadCatalog(catalog);
    console.log(`${describeLoad(result)}${file ? ` from ${file}` : ""}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof CatalogError)) throw error;
    console.error(`${file ?? "The bundled catalog"}: ${error.message}`);
    return 1;
  } finally {
    await closeDb();
  }
});
