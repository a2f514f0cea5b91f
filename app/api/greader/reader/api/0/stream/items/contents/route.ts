import { greader } from "@/lib/greader/handler";
import { itemContents } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

// Clients POST the ids (thousands of `i` do not fit a URL); reading them needs no write token nor T.
const contents = greader({}, ({ user, form }) => itemContents(user.id, form.getAll("i")));

export { contents as GET, contents as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET", "POST");
