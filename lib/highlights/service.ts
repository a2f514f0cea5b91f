import "server-only";
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { appOrigin } from "@/lib/env";
import { pagedList } from "@/lib/issues/dto";
import { htmlToText } from "@/lib/mail/content/html-text";
import { locateQuote, withoutWhitespace } from "./anchor";
import { highlightsCsv, highlightsMarkdown } from "./exports";
import {
  deleteHighlight,
  findAllHighlights,
  findEmailHighlights,
  findHighlightPage,
  findOwnEmailText,
  insertHighlight,
  updateHighlight,
  type HighlightRow,
  type ListedHighlightRow,
} from "./repo";
import type { CreateHighlightInput, HighlightsQuery, UpdateHighlightInput } from "./schemas";

const iso = (date: Date) => new Date(date).toISOString();

function toHighlightDto(row: HighlightRow) {
  return {
    id: row.id,
    email_id: row.emailId,
    quote: row.quote,
    prefix: row.prefix,
    suffix: row.suffix,
    note: row.note,
    color: row.color,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function toListedHighlightDto(row: ListedHighlightRow) {
  return { ...toHighlightDto(row), subject: row.subject, newsletter_name: row.newsletterName };
}

const emailUrl = (emailId: number) => `${appOrigin}/emails/${emailId}`;

/** The reader's own copy of the issue; another reader's, or one they only opened as a public issue, is not found. */
async function ownEmailText(userId: number, emailId: number): Promise<string> {
  const found = await findOwnEmailText(userId, emailId);
  if (!found) throw new NotFoundError("Email not found");
  // The text a reader can select: what the frame shows of the HTML body, else the plain body.
  return found.bodyHtml ? htmlToText(found.bodyHtml) : (found.bodyPlain ?? "");
}

/** A highlight is kept only where its quote is in the text; `position` is where, for reading order. */
export async function addHighlight(userId: number, emailId: number, input: CreateHighlightInput) {
  const text = await ownEmailText(userId, emailId);
  const found = locateQuote(withoutWhitespace(text), input);
  if (!found) throw ValidationError.of("quote", "The quote is not in this issue's text.");
  const row = await insertHighlight(userId, {
    emailId,
    quote: input.quote,
    prefix: input.prefix,
    suffix: input.suffix,
    note: input.note ?? null,
    color: input.color,
    position: found.start,
  });
  return toHighlightDto(row);
}

export async function listEmailHighlights(userId: number, emailId: number) {
  await ownEmailText(userId, emailId);
  return { items: (await findEmailHighlights(userId, emailId)).map(toHighlightDto) };
}

export async function changeHighlight(userId: number, highlightId: number, input: UpdateHighlightInput) {
  const row = await updateHighlight(userId, highlightId, input);
  if (!row) throw new NotFoundError("Highlight not found");
  return toHighlightDto(row);
}

export async function removeHighlight(userId: number, highlightId: number): Promise<void> {
  if (!(await deleteHighlight(userId, highlightId))) throw new NotFoundError("Highlight not found");
}

export async function listMyHighlights(userId: number, query: HighlightsQuery) {
  const { items, total } = await findHighlightPage(userId, query);
  return pagedList(items.map(toListedHighlightDto), total, query.page, query.page_size);
}

export async function exportHighlightsMarkdown(userId: number): Promise<string> {
  return highlightsMarkdown(await findAllHighlights(userId), emailUrl);
}

export async function exportHighlightsCsv(userId: number): Promise<string> {
  return highlightsCsv(await findAllHighlights(userId), emailUrl);
}

export type HighlightDto = ReturnType<typeof toHighlightDto>;

/** Every highlight of the reader's, by the email it is in, in reading order (the Markdown vault puts them after each issue). */
export async function highlightsByEmail(userId: number): Promise<Map<number, HighlightDto[]>> {
  const byEmail = new Map<number, HighlightDto[]>();
  for (const row of await findAllHighlights(userId)) {
    const list = byEmail.get(row.emailId) ?? [];
    list.push(toHighlightDto(row));
    byEmail.set(row.emailId, list);
  }
  return byEmail;
}

/** highlights.json of the account export: every highlight with the issue it belongs to. */
export async function exportHighlightsJson(userId: number): Promise<string> {
  return `${JSON.stringify((await findAllHighlights(userId)).map(toListedHighlightDto), null, 1)}\n`;
}
