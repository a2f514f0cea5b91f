import { z } from "zod";

export const FeedSubscriptionParams = z.object({ subscriptionId: z.coerce.number().int().positive().max(2_147_483_647) });
export type FeedSubscriptionParams = z.infer<typeof FeedSubscriptionParams>;

const FeedUrl = z
  .string({ error: "Enter the address of a feed or of a page that links one" })
  .trim()
  .min(1, "Enter the address of a feed or of a page that links one")
  .max(2048, "The address is too long")
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .pipe(z.url({ protocol: /^https?$/, error: "Enter an http or https address" }));

export const FollowFeedInput = z.object({ url: FeedUrl });
export type FollowFeedInput = z.infer<typeof FollowFeedInput>;

export const WebSubParams = z.object({ feedId: z.coerce.number().int().positive().max(2_147_483_647) });

export const WebSubVerification = z.object({
  "hub.mode": z.enum(["subscribe", "unsubscribe", "denied"]),
  "hub.topic": z.string().max(2048),
  "hub.challenge": z.string().max(1024).optional(),
  "hub.lease_seconds": z.coerce.number().int().min(0).optional(),
});
