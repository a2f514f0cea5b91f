import { z } from "zod";

const newsletterId = z.number({ error: "A newsletter id is required." }).int().positive().max(2_147_483_647);

export const SubscribeInput = z.object({ newsletter_metadata_id: newsletterId });
export type SubscribeInput = z.infer<typeof SubscribeInput>;

export const BulkSubscribeInput = z.object({
  newsletter_ids: z.array(newsletterId, { error: "newsletter_ids must be a list of newsletter ids." }).min(1, "Choose at least one newsletter.").max(100, "At most 100 newsletters at once."),
});
export type BulkSubscribeInput = z.infer<typeof BulkSubscribeInput>;

export const SubscriptionStatusInput = z.object({ status: z.enum(["active", "inactive"]) });
export type SubscriptionStatusInput = z.infer<typeof SubscriptionStatusInput>;

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const NewsletterParams = z.object({ newsletterId: id });
export const SubscriptionParams = z.object({ subscriptionId: id });
