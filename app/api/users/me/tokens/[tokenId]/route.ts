import { noContent, otherMethods, route } from "@/lib/route";
import { TokenParams } from "@/lib/tokens/schemas";
import { revokeToken } from "@/lib/tokens/service";

export const DELETE = route({ auth: "session", params: TokenParams }, async ({ user, params }) => {
  await revokeToken(user.id, params.tokenId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("session", "DELETE");
