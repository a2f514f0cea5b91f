import "server-only";
import { and, asc, desc, getTableColumns, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { newsletter } from "@/db/schema";
import { isPublic } from "./activity";
import type { NewsletterRow } from "./repo";
import { prefixQuery, typoQuery } from "./typos";

// These expressions must stay exactly those of the indexes in db/schema/newsletters.ts, or the planner cannot use them.
const document = sql`(${newsletter.name} || ' ' || coalesce(${newsletter.publisher}, '') || ' ' || coalesce(${newsletter.description}, ''))`;
const vector = sql`to_tsvector('english', ${newsletter.name} || ' ' || coalesce(${newsletter.publisher}, '') || ' ' || coalesce(${newsletter.description}, ''))`;
const names = sql`to_tsvector('simple', ${newsletter.name} || ' ' || coalesce(${newsletter.publisher}, ''))`;

/** Every word of public newsletters' names and publishers, as the 'simple' configuration keeps them. */
export async function findNameWords(): Promise<string[]> {
  // ts_stat reads the statement it is given: the index's expression over the public rows.
  const source = "select to_tsvector('simple', name || ' ' || coalesce(publisher, '')) from newsletter where is_public";
  const result = (await getDb().execute(sql`select word from ts_stat(${source})`)) as unknown as { rows: { word: string }[] };
  return result.rows.map((row) => row.word);
}

/**
 * Public newsletters matching a term. First those whose name or publisher holds every word as typed
 * or begun; then matches by trigrams (a typo in a long name) or by words (terms scattered through a
 * description); last, names and publishers whose every word of 4 letters or more is one slip away
 * (a swapped pair, a missing, extra or wrong letter: "Tehc" finds "Tech"), looked up among
 * `nameWords` (findNameWords) so the query names only spellings that exist. Within each, a match in
 * the name outranks one in the publisher, which outranks one in the description.
 */
export async function searchNewsletters(term: string, limit: number, nameWords: readonly string[]): Promise<NewsletterRow[]> {
  const query = sql`websearch_to_tsquery('english', ${term})`;
  const begun = prefixQuery(term);
  const slipped = typoQuery(term, nameWords);
  const matchesAsTyped = sql`(${term} <% ${document} or ${vector} @@ ${query})`;
  const namesBegun = begun ? sql`${names} @@ to_tsquery('simple', ${begun})` : sql`false`;
  const tier = sql<number>`case when ${namesBegun} then 0 when ${matchesAsTyped} then 1 else 2 end`;
  const score = sql<number>`greatest(
      word_similarity(${term}, ${newsletter.name}) + similarity(${term}, ${newsletter.name}) * 0.2,
      word_similarity(${term}, coalesce(${newsletter.publisher}, '')) * 0.8,
      word_similarity(${term}, ${document}) * 0.6
    ) + ts_rank(${vector}, ${query}) * 0.3`;
  return getDb()
    .select(getTableColumns(newsletter))
    .from(newsletter)
    .where(and(isPublic, or(namesBegun, matchesAsTyped, slipped ? sql`${names} @@ to_tsquery('simple', ${slipped})` : undefined)))
    .orderBy(asc(tier), desc(score), desc(newsletter.totalSubscribers), asc(newsletter.id))
    .limit(limit);
}
