import { openEventStream } from "@/lib/live/stream";
import { otherMethods, route } from "@/lib/route";

// A stream for as long as the reader keeps it open: never prerendered nor cached.
export const dynamic = "force-dynamic";

export const GET = route({ auth: "user" }, ({ user, request }) => openEventStream(user.id, request));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
