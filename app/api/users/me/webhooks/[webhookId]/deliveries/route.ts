import { otherMethods, route } from "@/lib/route";
import { WebhookParams } from "@/lib/webhooks/schemas";
import { listWebhookDeliveries } from "@/lib/webhooks/service";

export const GET = route({ auth: "user", params: WebhookParams }, ({ user, params }) => listWebhookDeliveries(user.id, params.webhookId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
