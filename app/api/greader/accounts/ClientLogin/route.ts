import { clientLogin } from "@/lib/greader/login";
import { otherMethods, route } from "@/lib/route";

// A POST of a form only: the token is the password, and a password in a URL stays in logs and histories.
export const POST = route({ auth: "none" }, ({ request }) => clientLogin(request));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
