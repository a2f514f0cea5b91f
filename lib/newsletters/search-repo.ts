import "server-only";
import { and, asc, desc, getTableColumns, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { newsletter } from "@/db/schema";
import { isPublic } from "./activity";
import type { NewsletterRow } from "./repo";

// Both expressions must stay exactly those of the indexes in db/schema/newsletters.ts, or the planner cannot use them.
const document = sql`(${newsletter.name} || ' ' || coalesce(${newsletter.publisher}, '') || ' ' || coalesce(${newsletter.description}, ''))`;
const vector = sql`to_tsvector('english', ${newsletter.name} || ' ' || coalesce(${newsletter.publisher}, '') || ' ' || coalesce(${newsletter.description}, ''))`;

/**
 * Public newsletters matching a term by trigrams (so a typo still finds the name) or by words
 * (so terms scattered through a description match). A match in the name outranks one in the
 * publisher, which outranks one in the description.
 */
export async function searchNewsletters(term: string, limit: number): Promise<NewsletterRow[]> {
  const query = sql`websearch_to_tsquery('english', ${term})`;
  const score = sql<number>`greatest(
      word_similarity(${term}, ${newsletter.name}) + similarity(${term}, ${newsletter.name}) * 0.2,
      word_similarity(${term}, coalesce(${newsletter.publisher}, '')) * 0.8,
      word_similarity(${term}, ${document}) * 0.6
    ) + ts_rank(${vector}, ${query}) * 0.3`;
  return getDb()
    .select(getTableColumns(newsletter))
    .from(newsletter)
    .where(and(isPublic, or(sql`${term} <% ${document}`, sql`${vector} @@ ${query}`)))
    .orderBy(desc(score), desc(newsletter.totalSubscribers), asc(newsletter.id))
    .limit(limit);
}
