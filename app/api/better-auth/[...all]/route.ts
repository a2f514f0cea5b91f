import { route } from "@/lib/api/route";
import { handleAuthRequest } from "@/lib/auth/service";

// Better Auth's own endpoints, for signed-in sessions only: signing in goes through /api/auth/*.
const handler = route({ auth: "user" }, ({ request }) => handleAuthRequest(request));

export { handler as GET, handler as POST };
