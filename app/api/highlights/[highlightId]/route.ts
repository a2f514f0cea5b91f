import { noContent, otherMethods, route } from "@/lib/route";
import { HighlightParams, UpdateHighlightInput } from "@/lib/highlights/schemas";
import { changeHighlight, removeHighlight } from "@/lib/highlights/service";

export const PATCH = route({ auth: "user", params: HighlightParams, body: UpdateHighlightInput }, ({ user, params, body }) =>
  changeHighlight(user.id, params.highlightId, body),
);
export const DELETE = route({ auth: "user", params: HighlightParams }, async ({ user, params }) => {
  await removeHighlight(user.id, params.highlightId);
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = otherMethods("user", "PATCH", "DELETE");
