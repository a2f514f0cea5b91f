import { NotFoundError } from "@/lib/api/errors";
import { route } from "@/lib/route";

const notFound = route({ auth: "user" }, () => {
  throw new NotFoundError();
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
