import { otherMethods, route } from "@/lib/route";
import { DeliveriesQuery } from "@/lib/control/schemas";
import { listDeliveries } from "@/lib/control/service";

export const GET = route({ auth: "user", query: DeliveriesQuery }, ({ user, query }) => listDeliveries(user.id, query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
