import { z } from "zod";

export const ScreenerInput = z.object({ enabled: z.boolean({ error: "enabled must be true or false." }) });
export type ScreenerInput = z.infer<typeof ScreenerInput>;

export const ScreenerDecisionInput = z.object({
  sender: z
    .string({ error: "sender must be the address waiting in the Screener." })
    .trim()
    .toLowerCase()
    .min(3, "sender must be the address waiting in the Screener.")
    .max(320, "sender must be the address waiting in the Screener."),
});
export type ScreenerDecisionInput = z.infer<typeof ScreenerDecisionInput>;
