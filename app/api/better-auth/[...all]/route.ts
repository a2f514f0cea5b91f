import { otherMethods, route } from "@/lib/route";
import { AuthEndpointInput } from "@/lib/auth/schemas";
import { handleAuthRequest } from "@/lib/auth/service";

// Better Auth's own session endpoints, for signed-in sessions only: signing in goes through /api/auth/*.
const handler = route({ auth: "session", body: AuthEndpointInput }, ({ request, body }) => handleAuthRequest(request, body));

export { handler as GET, handler as POST };

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("session", "GET", "POST");
