import { z } from "zod";

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const NewsletterParams = z.object({ newsletterId: id });
export const CategoryParams = z.object({ categoryId: id });

export const SearchQuery = z.object({ q: z.string().trim().max(200, "q must be at most 200 characters.").default("") });
export type SearchQuery = z.infer<typeof SearchQuery>;
