import { z } from "zod";

export const KindleInput = z.object({
  address: z
    .string({ error: "Enter the e-mail address of your Kindle (it ends in @kindle.com)." })
    .trim()
    .toLowerCase()
    .max(254, "An e-mail address is at most 254 characters long.")
    .pipe(z.email({ error: "Enter the e-mail address of your Kindle (it ends in @kindle.com)." }))
    .nullable(),
});
export type KindleInput = z.infer<typeof KindleInput>;
