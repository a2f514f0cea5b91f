import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The reference page: Redoc's standalone bundle, served from node_modules by /api/docs/redoc.standalone.js,
 * reads /api/openapi.json and renders it. Nothing is loaded from another origin; Redoc styles itself with
 * <style> elements (styled-components) and runs its search in a worker made from a blob.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Paperboy API</title>
  </head>
  <body>
    <redoc spec-url="/api/openapi.json"></redoc>
    <script src="/api/docs/redoc.standalone.js"></script>
  </body>
</html>
`;

export const DOCS_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; "),
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

const BUNDLE = path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js");

/** Read at each request (the browser keeps it a day): a megabyte is not worth holding in every server's memory. */
export function redocBundle(): Promise<string> {
  return readFile(BUNDLE, "utf8");
}
