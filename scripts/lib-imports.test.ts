import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { libImportProblems } from "./lib-imports";

let root: string | undefined;

/** A project of `files` (path -> source) in a temporary folder. */
function project(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), "lib-imports-"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe("npm run deps", () => {
  it("finds nothing wrong in this repository", () => {
    expect(libImportProblems(fileURLToPath(new URL("..", import.meta.url))).problems).toEqual([]);
  });

  it("refuses a lib/ import of app/, static, dynamic, relative or type-only", () => {
    const { problems } = libImportProblems(
      project({
        "app/api/x/route.ts": "export const GET = 1;\n",
        "lib/openapi/routes.ts": 'export const load = () => import("@/app/api/x/route");\n',
        "lib/openapi/table.ts": 'import { GET } from "../../app/api/x/route";\nexport const get = GET;\n',
        "lib/openapi/types.ts": 'import type { GET } from "@/app/api/x/route";\nexport type Get = typeof GET;\n',
        "lib/feed/ok.ts": 'import { z } from "zod";\nexport const s = z.string();\n',
      }),
    );
    expect(problems.sort()).toEqual([
      "lib/ imports app/: lib/openapi/routes.ts -> @/app/api/x/route (move what both need into lib/, or the app/ side beside its route)",
      "lib/ imports app/: lib/openapi/table.ts -> ../../app/api/x/route (move what both need into lib/, or the app/ side beside its route)",
      "lib/ imports app/: lib/openapi/types.ts -> @/app/api/x/route (move what both need into lib/, or the app/ side beside its route)",
    ]);
  });

  it("refuses a cycle among lib/* domains, and lets a type-only import close none", () => {
    const files = {
      "lib/a/service.ts": 'import { b } from "@/lib/b/service";\nexport const a = b;\n',
      "lib/b/service.ts": 'import { c } from "@/lib/c";\nexport const b = c;\n',
      "lib/c.ts": 'import type { a } from "@/lib/a/service";\nexport const c = 1;\nexport type A = typeof a;\n',
    };
    expect(libImportProblems(project(files)).problems).toEqual([]);
    rmSync(root!, { recursive: true, force: true });
    const cyclic = { ...files, "lib/c.ts": 'import { a } from "@/lib/a/service";\nexport const c = a;\n' };
    expect(libImportProblems(project(cyclic)).problems).toEqual([expect.stringMatching(/^Import cycle among lib\/a, lib\/b, lib\/c:\n/)]);
  });
});
