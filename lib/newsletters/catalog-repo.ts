import "server-only";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { category, newsletter, newsletterCategory } from "@/db/schema";

// Keeps each statement well under PostgreSQL's 65535 bind parameters.
const BATCH = 500;
// An arbitrary constant naming the lock that serialises concurrent catalog loads.
const CATALOG_LOCK = 727_274_002;

export type CategoryInput = { slug: string; name: string; emoji: string };

export type NewsletterInput = {
  catalogKey: string;
  name: string;
  publisher: string | null;
  description: string | null;
  logoUrl: string | null;
  websiteUrl: string;
  subscribePageUrl: string | null;
  directSubscribeUrl: string | null;
  feedUrl: string | null;
  sendingFrequency: string | null;
  isFeatured: boolean;
};

export type UpsertOutcome = { ids: Map<string, number>; inserted: Set<string>; updated: Set<string> };

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export async function lockCatalog(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(CATALOG_LOCK))})`);
}

/**
 * Inserts categories by slug, and with `overwrite` updates the ones whose name or emoji differ
 * (rows that would not change are left untouched). Returns slug -> id.
 */
export async function upsertCategories(tx: Database, rows: CategoryInput[], overwrite: boolean): Promise<Map<string, number>> {
  for (const batch of chunks(rows)) {
    const insert = tx.insert(category).values(batch);
    await (overwrite
      ? insert.onConflictDoUpdate({
          target: category.slug,
          set: { name: sql`excluded.name`, emoji: sql`excluded.emoji` },
          setWhere: sql`(${category.name}, ${category.emoji}) IS DISTINCT FROM (excluded.name, excluded.emoji)`,
        })
      : insert.onConflictDoNothing());
  }
  const ids = new Map<string, number>();
  for (const batch of chunks(rows.map((row) => row.slug))) {
    const found = await tx.select({ id: category.id, slug: category.slug }).from(category).where(inArray(category.slug, batch));
    for (const row of found) ids.set(row.slug, row.id);
  }
  return ids;
}

const catalogColumns = [
  "name",
  "publisher",
  "description",
  "logo_url",
  "website_url",
  "subscribe_page_url",
  "direct_subscribe_url",
  "feed_url",
  "sending_frequency",
  "is_featured",
  "is_public",
  "source",
] as const;

const current = sql.raw(catalogColumns.map((column) => `"newsletter"."${column}"`).join(", "));
const incoming = sql.raw(catalogColumns.map((column) => `excluded."${column}"`).join(", "));

const newsletterUpdate = {
  target: newsletter.catalogKey,
  set: {
    name: sql`excluded.name`,
    publisher: sql`excluded.publisher`,
    description: sql`excluded.description`,
    logoUrl: sql`excluded.logo_url`,
    websiteUrl: sql`excluded.website_url`,
    subscribePageUrl: sql`excluded.subscribe_page_url`,
    directSubscribeUrl: sql`excluded.direct_subscribe_url`,
    feedUrl: sql`excluded.feed_url`,
    sendingFrequency: sql`excluded.sending_frequency`,
    isFeatured: sql`excluded.is_featured`,
    isPublic: sql`excluded.is_public`,
    source: sql`excluded.source`,
    updatedAt: sql`now()`,
  },
  setWhere: sql`(${current}) IS DISTINCT FROM (${incoming})`,
};

const compared = [
  "name",
  "publisher",
  "description",
  "logoUrl",
  "websiteUrl",
  "subscribePageUrl",
  "directSubscribeUrl",
  "feedUrl",
  "sendingFrequency",
  "isFeatured",
] as const;

type Stored = Pick<typeof newsletter.$inferSelect, (typeof compared)[number] | "id" | "catalogKey" | "isPublic" | "source">;

function differs(stored: Stored, row: NewsletterInput): boolean {
  return !stored.isPublic || stored.source !== "catalog" || compared.some((field) => stored[field] !== row[field]);
}

async function findStored(tx: Database, keys: string[]): Promise<Map<string, Stored>> {
  const stored = new Map<string, Stored>();
  for (const batch of chunks(keys)) {
    const rows = await tx
      .select({
        id: newsletter.id,
        catalogKey: newsletter.catalogKey,
        isPublic: newsletter.isPublic,
        source: newsletter.source,
        name: newsletter.name,
        publisher: newsletter.publisher,
        description: newsletter.description,
        logoUrl: newsletter.logoUrl,
        websiteUrl: newsletter.websiteUrl,
        subscribePageUrl: newsletter.subscribePageUrl,
        directSubscribeUrl: newsletter.directSubscribeUrl,
        feedUrl: newsletter.feedUrl,
        sendingFrequency: newsletter.sendingFrequency,
        isFeatured: newsletter.isFeatured,
      })
      .from(newsletter)
      .where(inArray(newsletter.catalogKey, batch));
    for (const row of rows) if (row.catalogKey) stored.set(row.catalogKey, row);
  }
  return stored;
}

/**
 * Inserts catalog newsletters by catalog key, and with `overwrite` updates the ones that differ.
 * Only the catalog's own columns are written, so counters, first/last seen and mail identities
 * survive; unchanged rows are not rewritten. `ids` maps every key to its row.
 */
export async function upsertNewsletters(tx: Database, rows: NewsletterInput[], overwrite: boolean): Promise<UpsertOutcome> {
  const stored = await findStored(
    tx,
    rows.map((row) => row.catalogKey),
  );
  const ids = new Map([...stored].map(([key, row]) => [key, row.id]));
  const inserted = new Set<string>();
  const updated = new Set<string>();
  const pending = rows.filter((row) => {
    const existing = stored.get(row.catalogKey);
    return !existing || (overwrite && differs(existing, row));
  });
  for (const batch of chunks(pending)) {
    const insert = tx.insert(newsletter).values(batch.map((row) => ({ ...row, source: "catalog" as const, isPublic: true })));
    const written = await (overwrite ? insert.onConflictDoUpdate(newsletterUpdate) : insert.onConflictDoNothing())
      // xmax is 0 only on a freshly inserted row version: it tells inserts from updates.
      .returning({ id: newsletter.id, key: newsletter.catalogKey, fresh: sql<boolean>`(xmax = 0)` });
    for (const row of written) {
      if (!row.key) continue;
      ids.set(row.key, row.id);
      (row.fresh ? inserted : updated).add(row.key);
    }
  }
  // A concurrent writer may have inserted a pending key that DO NOTHING then skipped.
  const missing = rows.map((row) => row.catalogKey).filter((key) => !ids.has(key));
  for (const [key, row] of await findStored(tx, missing)) ids.set(key, row.id);
  return { ids, inserted, updated };
}

type Link = { newsletterId: number; categoryId: number };

/** Makes the category links of the given newsletters exactly `wanted`; returns the newsletters whose links changed. */
export async function syncCategoryLinks(tx: Database, newsletterIds: number[], wanted: Link[]): Promise<Set<number>> {
  const existing: Link[] = [];
  for (const batch of chunks(newsletterIds)) {
    existing.push(...(await tx.select().from(newsletterCategory).where(inArray(newsletterCategory.newsletterId, batch))));
  }
  const id = (link: Link) => `${link.newsletterId}:${link.categoryId}`;
  const have = new Set(existing.map(id));
  const want = new Set(wanted.map(id));
  const missing = wanted.filter((link) => !have.has(id(link)));
  const extra = existing.filter((link) => !want.has(id(link)));
  for (const batch of chunks(missing)) await tx.insert(newsletterCategory).values(batch).onConflictDoNothing();
  for (const batch of chunks(extra, 200)) {
    const pairs = batch.map((link) =>
      and(eq(newsletterCategory.newsletterId, link.newsletterId), eq(newsletterCategory.categoryId, link.categoryId)),
    );
    await tx.delete(newsletterCategory).where(or(...pairs));
  }
  return new Set([...missing, ...extra].map((link) => link.newsletterId));
}
