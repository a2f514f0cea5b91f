import { z } from "zod";
import { DELIVERY_OUTCOMES } from "@/db/schema/delivery";
import { idParam } from "@/lib/api/schemas";
import { PageQuery } from "@/lib/issues/schemas";

export const BlockSenderInput = z.object({
  sender: z.string({ error: "Enter an address or @domain to block." }).max(320, "A sender is at most 320 characters long."),
});
export type BlockSenderInput = z.infer<typeof BlockSenderInput>;

export const BlockedSenderParams = z.object({ blockedSenderId: idParam });

export const DeliveriesQuery = PageQuery.extend({ outcome: z.enum(DELIVERY_OUTCOMES).optional() });
export type DeliveriesQuery = z.infer<typeof DeliveriesQuery>;
