import { otherMethods, route } from "@/lib/route";
import { MuteInput, NewsletterParams } from "@/lib/subscriptions/schemas";
import { muteNewsletter } from "@/lib/subscriptions/service";

export const PUT = route({ auth: "user", params: NewsletterParams, body: MuteInput }, ({ user, params, body }) =>
  muteNewsletter(user.id, params.newsletterId, body.muted),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "PUT");
