import { z } from "zod";

export const CreateCommentInput = z.object({
  content: z
    .string({ error: "A comment needs some text." })
    .trim()
    .min(1, "A comment needs some text.")
    .max(5000, "A comment can be at most 5000 characters long."),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInput>;
