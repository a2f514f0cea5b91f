import { z } from "zod";

/** Share ids are URL-safe base64 of 128+ random bits; anything else cannot be one. */
export const ShareParams = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) });
