import "server-only";
import { readFile } from "node:fs/promises";
import { getDb } from "@/db/client";
import bundledCategories from "@/db/catalog/categories.json";
import bundledNewsletters from "@/db/catalog/newsletters.json";
import { lockCatalog, syncCategoryLinks, upsertCategories, upsertNewsletters, type NewsletterInput } from "./catalog-repo";
import { CatalogError, parseBundledCatalog, parseCatalogFile, type Catalog, type CatalogNewsletter } from "./catalog-schema";

export type CatalogLoadResult = {
  categories: number;
  newsletters: number;
  created: number;
  updated: number;
  unchanged: number;
  milliseconds: number;
};

let bundled: Catalog | undefined;

/** The catalog shipped in db/catalog, validated once per process. */
export function bundledCatalog(): Catalog {
  bundled ??= parseBundledCatalog(bundledCategories, bundledNewsletters);
  return bundled;
}

/** Reads and validates an operator's JSON file; throws CatalogError with one line per problem. */
export async function readCatalogFile(file: string): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CatalogError([`cannot read ${file}: ${(error as Error).message}`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CatalogError([`${file} is not valid JSON: ${(error as Error).message}`]);
  }
  return parseCatalogFile(raw, bundledCatalog().categories);
}

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Catalog row "${key}" was not written`);
  return id;
}

function toInput(entry: CatalogNewsletter): NewsletterInput {
  return {
    catalogKey: entry.key,
    name: entry.name,
    publisher: entry.publisher ?? null,
    description: entry.description ?? null,
    logoUrl: entry.logo_url ?? null,
    websiteUrl: entry.website_url,
    subscribePageUrl: entry.subscribe_page_url ?? null,
    directSubscribeUrl: entry.direct_subscribe_url ?? null,
    feedUrl: entry.feed_url ?? null,
    sendingFrequency: entry.sending_frequency ?? null,
    isFeatured: entry.is_featured,
  };
}

export type LoadOptions = {
  /** false: only add what is missing, leaving existing rows (an operator's edits included) as they are. */
  overwrite?: boolean;
};

/**
 * Upserts categories, newsletters and their links in one transaction. Loading the same catalog
 * again writes nothing; counters and mail-derived fields of existing rows are never reset.
 */
export async function loadCatalog(source: Catalog = bundledCatalog(), { overwrite = true }: LoadOptions = {}): Promise<CatalogLoadResult> {
  const started = performance.now();
  const counts = await getDb().transaction(async (tx) => {
    await lockCatalog(tx);
    const categoryIds = await upsertCategories(tx, source.categories, overwrite);
    const { ids, inserted, updated } = await upsertNewsletters(tx, source.newsletters.map(toInput), overwrite);
    // Without overwrite, existing rows keep the categories they have.
    const linked = source.newsletters.filter((entry) => overwrite || inserted.has(entry.key));
    const links = linked.flatMap((entry) =>
      [...new Set(entry.categories)].map((slug) => ({ newsletterId: idOf(ids, entry.key), categoryId: idOf(categoryIds, slug) })),
    );
    const relinked = await syncCategoryLinks(
      tx,
      linked.map((entry) => idOf(ids, entry.key)),
      links,
    );
    for (const [key, id] of ids) if (relinked.has(id) && !inserted.has(key)) updated.add(key);
    return { created: inserted.size, updated: updated.size };
  });
  return {
    categories: source.categories.length,
    newsletters: source.newsletters.length,
    ...counts,
    unchanged: source.newsletters.length - counts.created - counts.updated,
    milliseconds: Math.round(performance.now() - started),
  };
}

/**
 * At server start: adds the bundled entries that are missing. Existing rows are left alone so an
 * operator's own edits survive restarts; `npm run catalog:load` applies changed bundled entries.
 */
export function seedCatalog(): Promise<CatalogLoadResult> {
  return loadCatalog(bundledCatalog(), { overwrite: false });
}

export function describeLoad(result: CatalogLoadResult): string {
  return (
    `Loaded ${result.categories} categories and ${result.newsletters} newsletters ` +
    `(${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged) in ${result.milliseconds} ms`
  );
}
