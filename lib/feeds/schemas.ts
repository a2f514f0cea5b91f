import { z } from "zod";

export type FeedFile = { format: "atom" | "json" };

const FORMAT = /\.(atom|json)$/;

/** `all.atom`, or `<id>.json` for a folder or newsletter: anything else names no feed. */
export const AllFeedParams = z
  .object({ token: z.string(), file: z.string().regex(/^all\.(?:atom|json)$/) })
  .transform(({ token, file }) => ({ token, format: FORMAT.exec(file)![1] as FeedFile["format"] }));

export const ScopedFeedParams = z
  .object({ token: z.string(), file: z.string().regex(/^[1-9]\d{0,8}\.(?:atom|json)$/) })
  .transform(({ token, file }) => ({ token, id: Number.parseInt(file, 10), format: FORMAT.exec(file)![1] as FeedFile["format"] }));
