import { clientLogin } from "@/lib/greader/login";
import { otherMethods, route } from "@/lib/route";

// NetNewsWire posts Email and Passwd as a form; FreshRSS also takes them in the query, as some clients send them.
const login = route({ auth: "none" }, ({ request }) => clientLogin(request));

export { login as GET, login as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET", "POST");
