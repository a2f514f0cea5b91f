import { z } from "zod";
import { idParam } from "@/lib/api/schemas";

/** A label is the reader's own note ("The Morning Brew"); blank clears it. */
const label = z
  .string({ error: "A label must be text." })
  .trim()
  .max(80, "A label is at most 80 characters long.")
  .nullable()
  .transform((value) => value || null);

export const CreateAddressInput = z.object({
  local_part: z.string({ error: "local_part must be text." }).max(320, "The address must be 3 to 40 characters long.").optional(),
  label: label.optional(),
});
export type CreateAddressInput = z.infer<typeof CreateAddressInput>;

export const UpdateAddressInput = z.object({
  label: label.optional(),
  enabled: z.boolean({ error: "enabled must be true or false." }).optional(),
});
export type UpdateAddressInput = z.infer<typeof UpdateAddressInput>;

export const AddressParams = z.object({ addressId: idParam });
