import { json, otherMethods, route } from "@/lib/route";
import { CreateWebhookInput } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

export const GET = route({ auth: "user" }, ({ user }) => listWebhooks(user.id));
export const POST = route({ auth: "user", body: CreateWebhookInput }, async ({ user, body }) =>
  json(await createWebhook(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
