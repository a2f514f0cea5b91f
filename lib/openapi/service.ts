import "server-only";
import packageJson from "@/package.json";
import { buildDocument } from "./document";
import { ROUTES } from "./routes";

let document: ReturnType<typeof buildDocument> | undefined;

/** The API document, written once per process: the route files it is made from do not change while it runs. */
export function apiDocument() {
  document ??= buildDocument(ROUTES, packageJson.version).catch((error: unknown) => {
    document = undefined;
    throw error;
  });
  return document;
}
