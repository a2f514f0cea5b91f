import { NotFoundError } from "@/lib/api/errors";
import { greader } from "@/lib/greader/handler";

// What reader apps may also call (subscription/edit, quickadd, rename-tag...): a 404 for a known
// caller, not the 401 of /api's own catch-all, which the apps would show as a wrong password.
const unserved = greader({}, () => {
  throw new NotFoundError("Paperboy does not serve this call: newsletters arrive by mail, so feeds and folders are not edited here.");
});

export { unserved as GET, unserved as POST, unserved as PUT, unserved as PATCH, unserved as DELETE };
