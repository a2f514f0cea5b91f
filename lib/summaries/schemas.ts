import { z } from "zod";

export const SummariesInput = z.object({ enabled: z.boolean({ error: "Say whether summaries are on: true or false." }) });
