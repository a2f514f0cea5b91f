import { z } from "zod";

/** `{password}`, or `{confirm: "DELETE"}` for an account without a password (docs/contract.md 6.3). */
export const DeleteAccountInput = z.object({
  password: z.string({ error: "password must be text." }).optional(),
  confirm: z.string({ error: "confirm must be text." }).max(20).optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;
