import "server-only";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, highlight, newsletter } from "@/db/schema";

const highlightColumns = {
  id: highlight.id,
  emailId: highlight.emailId,
  quote: highlight.quote,
  prefix: highlight.prefix,
  suffix: highlight.suffix,
  note: highlight.note,
  color: highlight.color,
  position: highlight.position,
  createdAt: highlight.createdAt,
  updatedAt: highlight.updatedAt,
};

export type HighlightRow = {
  id: number;
  emailId: number;
  quote: string;
  prefix: string;
  suffix: string;
  note: string | null;
  color: "yellow" | "green" | "blue" | "pink";
  position: number;
  createdAt: Date;
  updatedAt: Date;
};

/** A highlight with the issue it was made in, for the lists and exports that leave the issue page. */
export type ListedHighlightRow = HighlightRow & { subject: string | null; newsletterName: string; dateReceived: Date };

const listedColumns = {
  ...highlightColumns,
  subject: email.subject,
  newsletterName: newsletter.name,
  dateReceived: email.dateReceived,
};

/** The user's own copy of an issue, with the text a quote must be found in; undefined for anyone else's. */
export async function findOwnEmailText(
  userId: number,
  emailId: number,
): Promise<{ bodyHtml: string | null; bodyPlain: string | null } | undefined> {
  const [row] = await getDb()
    .select({ bodyHtml: email.bodyHtml, bodyPlain: email.bodyPlain })
    .from(email)
    .where(and(eq(email.userId, userId), eq(email.id, emailId)));
  return row;
}

export async function insertHighlight(
  userId: number,
  values: Pick<HighlightRow, "emailId" | "quote" | "prefix" | "suffix" | "note" | "color" | "position">,
): Promise<HighlightRow> {
  const [row] = await getDb()
    .insert(highlight)
    .values({ userId, ...values })
    .returning(highlightColumns);
  return row;
}

/** An issue's highlights in reading order; ties (the same start) oldest first. */
export async function findEmailHighlights(userId: number, emailId: number): Promise<HighlightRow[]> {
  return getDb()
    .select(highlightColumns)
    .from(highlight)
    .where(and(eq(highlight.userId, userId), eq(highlight.emailId, emailId)))
    .orderBy(asc(highlight.position), asc(highlight.id));
}

export async function updateHighlight(
  userId: number,
  highlightId: number,
  values: { note?: string | null; color?: HighlightRow["color"] },
): Promise<HighlightRow | undefined> {
  const [row] = await getDb()
    .update(highlight)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(highlight.userId, userId), eq(highlight.id, highlightId)))
    .returning(highlightColumns);
  return row;
}

export async function deleteHighlight(userId: number, highlightId: number): Promise<boolean> {
  const rows = await getDb()
    .delete(highlight)
    .where(and(eq(highlight.userId, userId), eq(highlight.id, highlightId)))
    .returning({ id: highlight.id });
  return rows.length > 0;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Highlights whose quote, note, issue subject or newsletter name holds `search`, case ignored. */
function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(
    ilike(highlight.quote, pattern),
    ilike(highlight.note, pattern),
    ilike(email.subject, pattern),
    ilike(newsletter.name, pattern),
  );
}

function listedQuery(userId: number, search?: string) {
  return getDb()
    .select(listedColumns)
    .from(highlight)
    .innerJoin(email, eq(email.id, highlight.emailId))
    .innerJoin(newsletter, eq(newsletter.id, email.newsletterId))
    .where(and(eq(highlight.userId, userId), searchCondition(search)));
}

/** A page of the user's highlights, newest first, and how many match in all. */
export async function findHighlightPage(
  userId: number,
  query: { page: number; page_size: number; search?: string },
): Promise<{ items: ListedHighlightRow[]; total: number }> {
  const [items, [{ total }]] = await Promise.all([
    listedQuery(userId, query.search)
      .orderBy(desc(highlight.createdAt), desc(highlight.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    getDb()
      .select({ total: count() })
      .from(highlight)
      .innerJoin(email, eq(email.id, highlight.emailId))
      .innerJoin(newsletter, eq(newsletter.id, email.newsletterId))
      .where(and(eq(highlight.userId, userId), searchCondition(query.search))),
  ]);
  return { items, total };
}

/** Every highlight of the user for the exports: issues newest first, each issue's in reading order. */
export async function findAllHighlights(userId: number): Promise<ListedHighlightRow[]> {
  return listedQuery(userId).orderBy(desc(email.dateReceived), desc(email.id), asc(highlight.position), asc(highlight.id));
}
