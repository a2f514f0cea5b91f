import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getDocs } from "@/app/api/docs/route";
import { GET as getRedoc } from "@/app/api/docs/redoc.standalone.js/route";
import { GET as getDocument } from "@/app/api/openapi.json/route";
import { specOf } from "@/lib/api/route-spec";
import { METHODS } from "@/lib/openapi/document";
import { ROUTES, UNDOCUMENTED } from "@/app/api/openapi.json/routes";
import { call } from "../support/api";

type Parameter = { in: string; name: string; schema?: { enum?: string[] } };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { enum?: string[] }>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const root = path.join(import.meta.dirname, "../..");
const apiRoot = path.join(root, "app/api");
const routeFiles = readdirSync(apiRoot, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.join("app/api", file))
  .sort();

/** "app/api/users/me/tokens/[tokenId]/route.ts" → "/api/users/me/tokens/{tokenId}" ([...all] and [[...all]] too). */
function pathOf(file: string): string {
  const segments = path.dirname(file).split(path.sep).slice(1);
  return `/${segments.map((segment) => segment.replace(/^\[+(?:\.\.\.)?(\w+)\]+$/, "{$1}")).join("/")}`;
}

function lineFor(file: string): string {
  return `  "${pathOf(file)}": { load: () => import("@/${file.replace(/\.ts$/, "")}") },`;
}

let document: Document;

beforeAll(async () => {
  const response = await call(getDocument, "/api/openapi.json");
  expect(response.status).toBe(200);
  document = response.body as Document;
});

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without a session", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists every route file's path, or the test names the line to add to app/api/openapi.json/routes.ts", () => {
    const missing = routeFiles.filter((file) => !(file in UNDOCUMENTED) && !(pathOf(file) in ROUTES));
    expect(missing, `Add to ROUTES in app/api/openapi.json/routes.ts:\n${missing.map(lineFor).join("\n")}\n`).toEqual([]);
    const documented = new Set(routeFiles.map(pathOf));
    const stale = Object.keys(ROUTES).filter((route) => !documented.has(route));
    expect(stale, "ROUTES in app/api/openapi.json/routes.ts names paths no route file serves: remove them").toEqual([]);
  });

  it("has, for every path, exactly the methods its route file serves", async () => {
    // A file missing from ROUTES is named by the test above.
    for (const file of routeFiles.filter((file) => !(file in UNDOCUMENTED) && pathOf(file) in ROUTES)) {
      const route = pathOf(file);
      const handlers = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
      expect(await ROUTES[route].load(), `app/api/openapi.json/routes.ts: "${route}" must load @/${file}`).toBe(handlers);
      const served = METHODS.filter((method) => typeof handlers[method] === "function" && !specOf(handlers[method])?.refuses);
      for (const method of served)
        expect(specOf(handlers[method]), `${method} ${route} is made by route() from lib/route.ts`).toBeDefined();
      const listed = Object.keys(document.paths[route] ?? {}).map((method) => method.toUpperCase());
      expect(listed.sort(), `${file}: the methods in /api/openapi.json`).toEqual([...served].sort());
    }
  });

  it("describes each path parameter, and the errors as {detail}", () => {
    for (const [route, item] of Object.entries(document.paths)) {
      const names = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        const pathParameters = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name);
        expect(pathParameters.sort(), `${method} ${route}`).toEqual([...names].sort());
        expect(operation.responses.default.content?.["application/json"].schema?.$ref, `${method} ${route}`).toBe(
          "#/components/schemas/Error",
        );
      }
    }
  });

  it("is written from the schemas the routes validate with", () => {
    const createToken = document.paths["/api/users/me/tokens"].post;
    const body = createToken.requestBody?.content["application/json"].schema;
    expect(body?.properties?.scope.enum).toEqual(["read", "write"]);
    expect(body?.required).toEqual(expect.arrayContaining(["name", "scope"]));
    expect(createToken.security).toEqual([{ session: [] }]);
    expect(Object.keys(createToken.responses)).toEqual(expect.arrayContaining(["201", "401", "403", "422"]));

    const feed = document.paths["/api/issues/feed"].get;
    expect(feed.security).toEqual([{ session: [] }, { token: [] }]);
    const sortBy = feed.parameters?.find((parameter) => parameter.in === "query" && parameter.name === "sort_by");
    expect(sortBy?.schema?.enum).toEqual(["date_received", "subject", "sender_name", "time_to_read"]);
    expect(document.paths["/api/health"].get.security).toEqual([]);
    expect(document.paths["/api/users/me/tokens/{tokenId}"].delete.responses).toHaveProperty("204");
  });
});

describe("GET /api/docs", () => {
  it("is a page that renders the document with Redoc from this server only", async () => {
    const page = await call(getDocs, "/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain('<redoc spec-url="/api/openapi.json">');
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    for (const source of String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)) expect(source[1]).toMatch(/^\/api\//);

    const bundle = await call(getRedoc, "/api/docs/redoc.standalone.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("text/javascript");
    expect(String(bundle.body).length).toBeGreaterThan(100_000);
  });
});
