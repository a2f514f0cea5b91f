import { z } from "zod";

export const PersonalMailInput = z.object({
  forward_personal: z.boolean({ error: "Say whether personal mail is forwarded: true or false." }),
});
export type PersonalMailInput = z.infer<typeof PersonalMailInput>;

export const SenderChoiceInput = z.object({
  sender: z
    .string({ error: "Name the sender's address." })
    .trim()
    .toLowerCase()
    .max(320, "A sender is at most 320 characters long.")
    .pipe(z.email({ error: "A sender is an email address." })),
  // null: the classifier decides again.
  choice: z.enum(["newsletter", "forward"], { error: "A choice is newsletter, forward or null." }).nullable(),
});
export type SenderChoiceInput = z.infer<typeof SenderChoiceInput>;
