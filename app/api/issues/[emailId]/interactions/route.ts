import { otherMethods, route } from "@/lib/route";
import { EmailIdParams, InteractionInput } from "@/lib/issues/schemas";
import { updateInteraction } from "@/lib/issues/service";

export const PUT = route({ auth: "user", params: EmailIdParams, body: InteractionInput }, ({ user, params, body }) =>
  updateInteraction(user.id, params.emailId, body),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "PUT");
