import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Each layer fence in eslint.config.mjs, proved on a few lines of code placed where the fence stands:
// the crossing import is refused with the fence's message, the allowed one passes.
const eslint = new ESLint({ cwd: fileURLToPath(new URL("..", import.meta.url)) });

async function restrictedImportMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("layer fences", { timeout: 60_000 }, () => {
  it("keeps the database out of route handlers, in app/api and outside it", async () => {
    for (const filePath of ["app/api/example/route.ts", "app/feeds/[token]/example/route.ts"]) {
      expect(await restrictedImportMessages(filePath, 'import { getDb } from "@/db/client";\nexport const db = getDb;\n')).toEqual([
        expect.stringContaining("Route handlers call lib/<domain> services, never the database."),
      ]);
      expect(await restrictedImportMessages(filePath, 'import { eq } from "drizzle-orm";\nexport const is = eq;\n')).toHaveLength(1);
      expect(
        await restrictedImportMessages(filePath, 'import { privateFeed } from "@/lib/feeds/service";\nexport const feed = privateFeed;\n'),
      ).toEqual([]);
    }
  });

  it("keeps repositories, services and the database out of client code, new rooms included", async () => {
    const crossings = [
      'import { x } from "@/lib/feeds/service";',
      'import { x } from "@/lib/issues/feed-repo";',
      'import { x } from "@/lib/issues/public-service";',
      'import { x } from "@/lib/mail/filing/repo";',
      'import { x } from "@/db/schema";',
    ];
    for (const filePath of ["components/example.tsx", "lib/client/account.ts", "lib/api/client.ts"]) {
      for (const line of crossings) {
        expect(await restrictedImportMessages(filePath, `${line}\nexport const y = x;\n`)).toEqual([
          expect.stringContaining("Client code talks to the API through hooks."),
        ]);
      }
      expect(
        await restrictedImportMessages(filePath, 'import { apiFetch } from "@/lib/api/client";\nexport const f = apiFetch;\n'),
      ).toEqual([]);
    }
  });

  it("keeps lib/ out of db/, except the settings db/client.ts reads", async () => {
    for (const line of ['import { x } from "@/lib/issues/repo";', 'import { x } from "../lib/jobs/queue";']) {
      expect(await restrictedImportMessages("db/schema/example.ts", `${line}\nexport const y = x;\n`)).toEqual([
        expect.stringContaining("db/ imports nothing from lib/"),
      ]);
    }
    expect(await restrictedImportMessages("db/client.ts", 'import { env } from "@/lib/env";\nexport const e = env;\n')).toEqual([]);
  });

  it("lets a domain reach another domain's rows only through its service, never its repo", async () => {
    const crossings = [
      'import { x } from "@/lib/issues/repo";',
      'import { x } from "@/lib/newsletters/search-repo";',
      'import type { x } from "@/lib/mail/filing/repo";',
      'import { x } from "@/lib/mail/intake/replay-repo";',
      'import { x } from "../imports/repo";',
      'import { x } from "../../imports/repo";',
    ];
    for (const line of crossings) {
      expect(await restrictedImportMessages("lib/comments/example.ts", `${line}\nexport type Y = typeof x;\n`)).toEqual([
        expect.stringContaining("A domain reaches another domain's rows through its service, never its repo"),
      ]);
    }
    const allowed = [
      'import { x } from "./repo";',
      'import { x } from "@/lib/comments/repo";',
      'import { x } from "@/lib/issues/service";',
      'import { x } from "@/lib/newsletters/discovery-service";',
      'import { x } from "@/lib/issues/dto";',
    ];
    for (const line of allowed) {
      expect(await restrictedImportMessages("lib/comments/example.ts", `${line}\nexport type Y = typeof x;\n`)).toEqual([]);
    }
    // A domain's stages reach each other's rows.
    expect(
      await restrictedImportMessages(
        "lib/mail/intake/example.ts",
        'import { x } from "@/lib/mail/filing/repo";\nexport type Y = typeof x;\n',
      ),
    ).toEqual([]);
  });

  it("lets only repositories call the database, at any depth of a domain", async () => {
    const calls = ['import { getDb } from "@/db/client";', 'import { eq } from "drizzle-orm";', 'import { email } from "@/db/schema";'];
    for (const filePath of ["lib/comments/service.ts", "lib/mail/filing/filing.ts"]) {
      for (const line of calls) {
        expect(await restrictedImportMessages(filePath, `${line}\nexport const y = [${line.split(" ")[2]}];\n`)).toEqual([
          expect.stringContaining("Only repositories (repo.ts, *-repo.ts) call the database"),
        ]);
      }
    }
    const allowed = [
      ["lib/comments/repo.ts", 'import { getDb } from "@/db/client";\nexport const y = getDb;\n'],
      ["lib/mail/filing/identity-repo.ts", 'import { eq } from "drizzle-orm";\nexport const y = eq;\n'],
      ["lib/comments/service.ts", 'import type { Database } from "@/db/client";\nexport type Y = Database;\n'],
      ["lib/mailboxes/schemas.ts", 'import { MAILBOX_TLS } from "@/db/schema/mailboxes";\nexport const y = MAILBOX_TLS;\n'],
    ];
    for (const [filePath, code] of allowed) expect(await restrictedImportMessages(filePath!, code!)).toEqual([]);
  });
});
