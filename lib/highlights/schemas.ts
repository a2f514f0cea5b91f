import { z } from "zod";
import { HIGHLIGHT_COLORS } from "@/db/schema/highlights";
import { idParam } from "@/lib/api/schemas";
import { PageQuery } from "@/lib/issues/schemas";

const NOTE_MESSAGE = "A note can be at most 5000 characters long.";

const note = z
  .string({ error: "note must be text." })
  .max(5000, NOTE_MESSAGE)
  .nullable()
  // A blank note is no note.
  .transform((value) => (value?.trim() ? value.trim() : null));
// A colour not on the list is answered 400 "Unknown value for color", as every enum (lib/route.ts).
const color = z.enum(HIGHLIGHT_COLORS);
const context = (field: string) => z.string({ error: `${field} must be text.` }).max(200, `${field} can be at most 200 characters long.`);

export const CreateHighlightInput = z.object({
  quote: z
    .string({ error: "A highlight needs a quote." })
    .trim()
    .min(1, "A highlight needs a quote.")
    .max(5000, "A highlight can be at most 5000 characters long."),
  prefix: context("prefix").default(""),
  suffix: context("suffix").default(""),
  note: note.optional(),
  color: color.default("yellow"),
});
export type CreateHighlightInput = z.infer<typeof CreateHighlightInput>;

export const UpdateHighlightInput = z
  .object({ note: note.optional(), color: color.optional() })
  .strict()
  .refine((value) => value.note !== undefined || value.color !== undefined, "Send a note or a color to change.");
export type UpdateHighlightInput = z.infer<typeof UpdateHighlightInput>;

export const HighlightParams = z.object({ highlightId: idParam });

export const HighlightsQuery = PageQuery.extend({
  search: z.string().max(200, "search can be at most 200 characters long.").optional(),
});
export type HighlightsQuery = z.infer<typeof HighlightsQuery>;
