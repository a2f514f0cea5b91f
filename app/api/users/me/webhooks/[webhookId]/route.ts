import { noContent, otherMethods, route } from "@/lib/route";
import { WebhookParams } from "@/lib/webhooks/schemas";
import { removeWebhook } from "@/lib/webhooks/service";

export const DELETE = route({ auth: "user", params: WebhookParams }, async ({ user, params }) => {
  await removeWebhook(user.id, params.webhookId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("user", "DELETE");
