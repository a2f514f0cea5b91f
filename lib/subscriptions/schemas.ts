import { z } from "zod";
import { idParam, MAX_ID } from "@/lib/api/schemas";

const newsletterId = z.number({ error: "A newsletter id is required." }).int().positive().max(MAX_ID);

export const SubscribeInput = z.object({
  newsletter_metadata_id: newsletterId,
  /** Also make a fresh extra address labelled with the newsletter's name, answered as `address` (docs/contract.md 7.1). */
  new_address: z.boolean({ error: "new_address must be true or false." }).optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

export const BulkSubscribeInput = z.object({
  newsletter_ids: z
    .array(newsletterId, { error: "newsletter_ids must be a list of newsletter ids." })
    .min(1, "Choose at least one newsletter.")
    .max(100, "At most 100 newsletters at once."),
});
export type BulkSubscribeInput = z.infer<typeof BulkSubscribeInput>;

export const SubscriptionStatusInput = z.object({ status: z.enum(["active", "inactive"]) });
export type SubscriptionStatusInput = z.infer<typeof SubscriptionStatusInput>;

export const MuteInput = z.object({ muted: z.boolean({ error: "muted must be true or false." }) });
export type MuteInput = z.infer<typeof MuteInput>;

export const NewsletterParams = z.object({ newsletterId: idParam });
export const SubscriptionParams = z.object({ subscriptionId: idParam });
