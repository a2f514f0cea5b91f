import { z } from "zod";
import { idParam } from "@/lib/api/schemas";
import { parseSearch } from "@/lib/issues/search-query";

export const MAX_SAVED_SEARCHES = 50;

export const SavedSearchInput = z.object({
  name: z
    .string({ error: "Name cannot be empty." })
    .trim()
    .min(1, "Name cannot be empty.")
    .max(100, "Name must be at most 100 characters long."),
  // A query the feed would refuse is refused here, with the feed's own words.
  query: z
    .string({ error: "Query cannot be empty." })
    .trim()
    .min(1, "Query cannot be empty.")
    .max(200, "Query must be at most 200 characters long.")
    .superRefine((value, context) => {
      const parsed = parseSearch(value);
      if (!parsed.ok) context.addIssue({ code: "custom", message: parsed.message });
    }),
});
export type SavedSearchInput = z.infer<typeof SavedSearchInput>;

export const SavedSearchParams = z.object({ savedSearchId: idParam });
