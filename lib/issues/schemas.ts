import { z } from "zod";
import { idParam, MAX_ID } from "@/lib/api/schemas";
import { READ_FILTERS, RECENCY_FILTERS, SORT_FIELDS, SUBSCRIPTION_FILTERS } from "./feed-options";
import { isEmptySearch, parseSearch, type SearchQuery } from "./search-query";

const positiveInt = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number.` })
    .int(`${field} must be a whole number.`)
    .min(1, `${field} must be at least 1.`);

/** The search parsed once, here: its operators become the feed's conditions (search-query.ts); a blank one is none. */
function toSearchQuery(value: string | undefined, context: z.RefinementCtx): SearchQuery | undefined {
  if (value === undefined) return undefined;
  const parsed = parseSearch(value);
  if (!parsed.ok) {
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return isEmptySearch(parsed.query) ? undefined : parsed.query;
}

export const PageQuery = z.object({
  page: positiveInt("page").default(1),
  page_size: positiveInt("page_size").max(100, "page_size must be at most 100.").default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const FeedQuery = PageQuery.extend({
  sort_by: z.enum(SORT_FIELDS).default("date_received"),
  sort_order: z.enum(["asc", "desc"]).default("desc"),
  recency_filter: z.enum(RECENCY_FILTERS).default("all_time"),
  read_status: z.enum(READ_FILTERS).default("all"),
  subscription_status: z.enum(SUBSCRIPTION_FILTERS).default("all"),
  category_id: positiveInt("category_id").max(MAX_ID, `category_id must be at most ${MAX_ID}.`).optional(),
  kind: z.enum(["issue", "confirmation"]).optional(),
  search: z.string().trim().max(200, "search must be at most 200 characters.").optional().transform(toSearchQuery),
  /** Muted newsletters' mail is left out unless asked for (docs/contract.md 6.2). */
  include_muted: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** Mail a rule's skip_feed kept out of the feed is left out unless asked for, or searched (docs/contract.md 7.4). */
  include_skipped: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

/** What narrows the feed (its filters and search): the query of POST /api/issues/feed/mark-read, whose sort and paging change nothing. */
export const FeedFilters = FeedQuery.omit({ page: true, page_size: true });
export type FeedFilters = Omit<FeedQuery, "page" | "page_size" | "sort_by" | "sort_order">;

/** Undo of a mark-all-read: the ids it answered. 1 MB of JSON holds fewer than 150,000 of them. */
export const EmailIdsInput = z.object({
  email_ids: z
    .array(
      z
        .number("email_ids must hold email ids.")
        .int("email_ids must hold email ids.")
        .min(1, "email_ids must hold email ids.")
        .max(MAX_ID, "email_ids must hold email ids."),
      "email_ids must be a list of email ids.",
    )
    .max(150_000, "email_ids must hold at most 150000 ids."),
});
export type EmailIdsInput = z.infer<typeof EmailIdsInput>;

export const EmailIdParams = z.object({ emailId: idParam });

const READ_SECONDS_MESSAGE = "read_duration_seconds must be a whole number from 0 to 86400.";

export const InteractionInput = z.union(
  [
    z.object({ is_liked: z.boolean() }).strict(),
    z.object({ is_favorited: z.boolean() }).strict(),
    z
      .object({
        is_read: z.boolean(),
        read_duration_seconds: z
          .number(READ_SECONDS_MESSAGE)
          .int(READ_SECONDS_MESSAGE)
          .min(0, READ_SECONDS_MESSAGE)
          .max(86_400, READ_SECONDS_MESSAGE)
          .default(0),
      })
      .strict(),
  ],
  { error: "Send one of is_liked, is_favorited, or is_read with read_duration_seconds (0 to 86400)." },
);
export type InteractionInput = z.infer<typeof InteractionInput>;

const FRACTION_MESSAGE = "fraction must be a number from 0 to 1.";

/** How far the reader got in an issue: 0 at its top, 1 at its end (docs/contract.md 7.3). */
export const ReadProgressInput = z
  .object({ fraction: z.number(FRACTION_MESSAGE).min(0, FRACTION_MESSAGE).max(1, FRACTION_MESSAGE) })
  .strict();
export type ReadProgressInput = z.infer<typeof ReadProgressInput>;
