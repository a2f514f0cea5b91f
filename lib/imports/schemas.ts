import { z } from "zod";

export const ImportParams = z.object({ importId: z.coerce.number().int().positive().max(2_147_483_647) });
export type ImportParams = z.infer<typeof ImportParams>;
