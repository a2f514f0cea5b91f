import { z } from "zod";
import { idParam } from "@/lib/api/schemas";

/** The events a webhook may ask for (docs/contract.md 7.6). */
const WEBHOOK_EVENTS = ["email.received"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How many webhooks a reader may keep: one per program they connect, few enough that one email does not fan out widely. */
export const MAX_WEBHOOKS = 10;

const URL_MESSAGE = "Enter the URL to send events to, starting with https://.";

export const CreateWebhookInput = z.object({
  url: z
    .string({ error: URL_MESSAGE })
    .trim()
    .min(1, URL_MESSAGE)
    .max(2000, "A webhook's URL is at most 2000 characters long.")
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), URL_MESSAGE)
    .refine((value) => !URL.canParse(value) || (new URL(value).username === "" && new URL(value).password === ""), {
      message: "A webhook's URL cannot hold a user name or password: check the signature instead.",
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), {
      error: `Choose the events to send: ${WEBHOOK_EVENTS.join(", ")}.`,
    })
    .min(1, `Choose the events to send: ${WEBHOOK_EVENTS.join(", ")}.`)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

export const WebhookParams = z.object({ webhookId: idParam });
