import { z } from "zod";
import { idParam } from "@/lib/api/schemas";

export const NewsletterParams = z.object({ newsletterId: idParam });
export const CategoryParams = z.object({ categoryId: idParam });

export const SearchQuery = z.object({ q: z.string().trim().max(200, "q must be at most 200 characters.").default("") });
export type SearchQuery = z.infer<typeof SearchQuery>;
