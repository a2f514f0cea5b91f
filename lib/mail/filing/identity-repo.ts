import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { newsletter } from "@/db/schema";
import { chooseCatalogNewsletter, type NewsletterIdentity } from "@/lib/mail/content/identity";
import type { NewsletterRow } from "./repo";

/**
 * The catalog newsletters whose website is on the sender's domain or a parent of it (mail.example.com ->
 * example.com), the nearest host first, each with its host: filing chooses among them (identity.ts).
 */
async function findCatalogNewslettersOnDomain(tx: Database, domain: string): Promise<(NewsletterRow & { host: string })[]> {
  const labels = domain.toLowerCase().split(".");
  const candidates = labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
  if (candidates.length === 0) return [];
  const host = sql<string>`substring(lower(${newsletter.websiteUrl}) from '^https?://(?:www\.)?([^/:?#]+)')`;
  const rows = await tx
    .select({ row: newsletter, host })
    .from(newsletter)
    .where(and(eq(newsletter.source, "catalog"), inArray(host, candidates)))
    .orderBy(sql`length(${host}) desc`, asc(newsletter.id))
    .limit(50);
  return rows.map(({ row, host: found }) => ({ ...row, host: found }));
}

/**
 * The catalog newsletter this mail is, when the catalog has any on its sender's domain: `null` when it
 * has none there, `undefined` when it has some but the mail names none of them (see identity.ts).
 */
export async function findCatalogNewsletterFor(
  tx: Database,
  identity: NewsletterIdentity,
  domain: string,
): Promise<NewsletterRow | null | undefined> {
  const candidates = await findCatalogNewslettersOnDomain(tx, domain);
  if (candidates.length === 0) return null;
  return chooseCatalogNewsletter(identity, candidates);
}
