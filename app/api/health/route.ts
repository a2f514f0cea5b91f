import { json, otherMethods, route } from "@/lib/route";
import { checkHealth } from "@/lib/health/service";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none" }, async () => {
  const { healthy, body } = await checkHealth();
  return json(body, { status: healthy ? 200 : 503 });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
