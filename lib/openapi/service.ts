import "server-only";
import packageJson from "@/package.json";
import { buildDocument, type RouteTable } from "./document";

let document: ReturnType<typeof buildDocument> | undefined;

/**
 * The API document of `routes` (app/api/openapi.json/routes.ts), written once per process: the route
 * files it is made from do not change while it runs.
 */
export function apiDocument(routes: RouteTable) {
  document ??= buildDocument(routes, packageJson.version).catch((error: unknown) => {
    document = undefined;
    throw error;
  });
  return document;
}
