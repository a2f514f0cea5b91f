import "server-only";
import { and, eq, exists, ilike, inArray, not, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, emailFavorite, emailLike, folder, folderEmail, newsletter } from "@/db/schema";
import { fromKind, type SearchQuery, type SearchState } from "./search-query";

type Owner = number | ReturnType<typeof sql.placeholder>;

/** Binds an operator's value: in place, or as a parameter of a statement kept per search shape. */
export type OperatorParam = (value: string) => string | Placeholder;

export const inPlace: OperatorParam = (value) => value;

/**
 * Placeholders named in the order operatorConditions meets the values (o0, o1, ...), so one search's
 * values fill the statement prepared for another of its shape; `values` gathers them for execute.
 */
export function operatorPlaceholders(values: Record<string, string>): OperatorParam {
  return (value) => {
    const name = `o${Object.keys(values).length}`;
    values[name] = value;
    return sql.placeholder(name);
  };
}

/** A LIKE pattern's own characters, taken literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, "\\$&");
const containing = (value: string) => `%${literal(value)}%`;
const startOfDay = (day: string) => `${day}T00:00:00Z`;

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
function reversedSenderStartsWith(prefix: string, param: OperatorParam): SQL {
  const end = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
  return sql`(${reversedSender} >= ${param(prefix)} and ${reversedSender} < ${param(end)})`;
}

/** How a `from:` value is matched: an address, a domain by the index, a domain with an @ in it, or any part of the sender. */
function fromMatch(value: string): "address" | "domain" | "domain_at" | "sender" {
  const { kind, value: rest } = fromKind(value);
  return kind === "domain" && rest.includes("@") ? "domain_at" : kind;
}

function fromCondition(value: string, param: OperatorParam): SQL | undefined {
  const from = fromKind(value);
  const match = fromMatch(value);
  if (match === "address") return sql`${reversedSender} = ${param(reversed(from.value))}`;
  // A domain matches its subdomains too: from:x.com finds news@mail.x.com (an address still: an @ before it).
  if (match === "domain") {
    const domain = reversed(from.value);
    return or(
      reversedSenderStartsWith(`${domain}@`, param),
      and(reversedSenderStartsWith(`${domain}.`, param), sql`${email.senderEmail} like '%@%'`),
    );
  }
  if (match === "domain_at")
    return or(ilike(email.senderEmail, param(`%@${literal(from.value)}`)), ilike(email.senderEmail, param(`%@%.${literal(from.value)}`)));
  return or(ilike(email.senderEmail, param(containing(from.value))), ilike(email.senderName, param(containing(from.value))));
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
function folderCondition(name: string, owner: Owner, param: OperatorParam): SQL {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(folderEmail)
      .innerJoin(folder, eq(folder.id, folderEmail.folderId))
      .where(and(eq(folderEmail.emailId, email.id), eq(folder.userId, owner), sql`lower(${folder.name}) = lower(${param(name)})`)),
  );
}

/**
 * What a statement of the search's operators looks like with its values left out: two searches of one
 * shape share one statement (feed-repo's feed_operators_N), planned once.
 */
export function operatorShape(search: SearchQuery): string {
  const { phrases, excluded, from, newsletters, folders, states, before, after } = search;
  const counts = [phrases, excluded, newsletters, folders].map((values) => values.length).join(",");
  return `${search.text ? "t" : ""}${counts};${from.map(fromMatch).join(",")};${states.join(",")};${before ? "b" : ""}${after ? "a" : ""}`;
}

/** The values operatorConditions binds as placeholders, by their names, for a statement of the search's shape. */
export function operatorValues(search: SearchQuery): Record<string, string> {
  const values: Record<string, string> = {};
  operatorConditions(search, sql.placeholder("userId"), operatorPlaceholders(values));
  return values;
}

/** Every operator of the search as conditions on `email`; the words are feed-repo's own (their text index path). */
export function operatorConditions(search: SearchQuery, owner: Owner, param: OperatorParam = inPlace): SQL[] {
  const conditions: (SQL | undefined)[] = [
    ...search.phrases.map((phrase) => sql`${email.searchVector} @@ phraseto_tsquery('english', ${param(phrase)}::text)`),
    // Left to filter what the other conditions find: a query of only negations would read the whole text index.
    // The word's query is made once (a subquery), not again for every email the filter reads.
    ...search.excluded.map((word) =>
      not(sql`coalesce(${email.searchVector} @@ (select phraseto_tsquery('english', ${param(word)}::text)), false)`),
    ),
    ...search.from.map((value) => fromCondition(value, param)),
    ...search.newsletters.map((name) =>
      inArray(
        email.newsletterId,
        getDb()
          .select({ id: newsletter.id })
          .from(newsletter)
          .where(ilike(newsletter.name, param(containing(name)))),
      ),
    ),
    ...search.folders.map((name) => folderCondition(name, owner, param)),
    ...search.states.map(stateCondition),
    search.before ? sql`${email.dateReceived} < ${param(startOfDay(search.before))}::timestamptz` : undefined,
    search.after ? sql`${email.dateReceived} >= ${param(startOfDay(search.after))}::timestamptz` : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}
