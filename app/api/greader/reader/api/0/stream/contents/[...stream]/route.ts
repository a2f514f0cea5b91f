import { z } from "zod";
import { greader } from "@/lib/greader/handler";
import { streamContents, streamParams } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

// The stream id is the rest of the path: it holds slashes (user/-/state/com.google/reading-list).
const Params = z.object({ stream: z.array(z.string()).min(1) });

const contents = greader({ params: Params }, ({ user, form, params }) =>
  streamContents(user.id, streamParams(form, params.stream.join("/"))),
);

export { contents as GET, contents as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET", "POST");
