import { otherMethods, route } from "@/lib/route";
import { SummariesInput } from "@/lib/summaries/schemas";
import { getSummaries, saveSummaries } from "@/lib/summaries/service";

export const GET = route({ auth: "user" }, ({ user }) => getSummaries(user.id));
export const PUT = route({ auth: "user", body: SummariesInput }, ({ user, body }) => saveSummaries(user.id, body));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "PUT");
