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

/**
 * The sender's address lowercased and reversed, bytewise ordered: what the email_user_sender_domain_idx
 * index holds (migration 0026), where an address is one key and a domain the range of keys it begins.
 */
const reversedSender = sql`(reverse(lower(${email.senderEmail})) collate "C")`;
const reversed = (value: string) => [...value].reverse().join("");

/**
 * Reversed senders that begin with `prefix`, as a range of the index: bytewise, they sort from the prefix up
 * to the prefix with its last character (always `@` or `.`, one byte) one higher. A range, not LIKE, so a
 * statement kept and planned once for every value still reads the index.
 */
function reversedSenderStartsWith(prefix: string): SQL {
  const end = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
  return sql`(${reversedSender} >= ${prefix} and ${reversedSender} < ${end})`;
}

function fromCondition(value: string): SQL | undefined {
  const from = fromKind(value);
  if (from.kind === "address") return sql`${reversedSender} = ${reversed(from.value)}`;
  // A domain matches its subdomains too: from:x.com finds news@mail.x.com (an address still: an @ before it).
  if (from.kind === "domain" && !from.value.includes("@")) {
    const domain = reversed(from.value);
    return or(reversedSenderStartsWith(`${domain}@`), and(reversedSenderStartsWith(`${domain}.`), sql`${email.senderEmail} like '%@%'`));
  }
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
    // The word's query is made once (a subquery), not again for every email the filter reads.
    ...search.excluded.map((word) =>
      not(sql`coalesce(${email.searchVector} @@ (select phraseto_tsquery('english', ${word}::text)), false)`),
    ),
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
