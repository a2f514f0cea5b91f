import "server-only";
import { and, eq, exists, gte, ilike, inArray, lt, not, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, emailFavorite, emailLike, folder, folderEmail, newsletter } from "@/db/schema";
import { fromKind, type SearchQuery, type SearchState } from "./search-query";

type Owner = number | ReturnType<typeof sql.placeholder>;

/** A LIKE pattern's own characters, taken literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, "\\$&");
const containing = (value: string) => `%${literal(value)}%`;
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

function fromCondition(value: string): SQL | undefined {
  const from = fromKind(value);
  if (from.kind === "address") return sql`lower(${email.senderEmail}) = ${from.value}`;
  // A domain matches its subdomains too: from:x.com finds news@mail.x.com.
  if (from.kind === "domain")
    return or(ilike(email.senderEmail, `%@${literal(from.value)}`), ilike(email.senderEmail, `%@%.${literal(from.value)}`));
  return or(ilike(email.senderEmail, containing(from.value)), ilike(email.senderName, containing(from.value)));
}

function stateCondition(state: SearchState): SQL {
  if (state === "unread") return sql`not ${email.isRead}`;
  if (state === "read") return sql`${email.isRead}`;
  const table = state === "liked" ? emailLike : emailFavorite;
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(table)
      .where(eq(table.emailId, email.id)),
  );
}

/** The reader's folder of that name (any case) holds the email. */
function folderCondition(name: string, owner: Owner): SQL {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(folderEmail)
      .innerJoin(folder, eq(folder.id, folderEmail.folderId))
      .where(and(eq(folderEmail.emailId, email.id), eq(folder.userId, owner), sql`lower(${folder.name}) = lower(${name})`)),
  );
}

/** Every operator of the search as conditions on `email`; the words are feed-repo's own (their text index path). */
export function operatorConditions(search: SearchQuery, owner: Owner): SQL[] {
  const conditions: (SQL | undefined)[] = [
    ...search.phrases.map((phrase) => sql`${email.searchVector} @@ phraseto_tsquery('english', ${phrase}::text)`),
    // Left to filter what the other conditions find: a query of only negations would read the whole text index.
    ...search.excluded.map((word) => not(sql`coalesce(${email.searchVector} @@ phraseto_tsquery('english', ${word}::text), false)`)),
    ...search.from.map(fromCondition),
    ...search.newsletters.map((name) =>
      inArray(
        email.newsletterId,
        getDb()
          .select({ id: newsletter.id })
          .from(newsletter)
          .where(ilike(newsletter.name, containing(name))),
      ),
    ),
    ...search.folders.map((name) => folderCondition(name, owner)),
    ...search.states.map(stateCondition),
    search.before ? lt(email.dateReceived, startOfDay(search.before)) : undefined,
    search.after ? gte(email.dateReceived, startOfDay(search.after)) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}
