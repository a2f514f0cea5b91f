import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { category, newsletter } from "@/db/schema";

const run = `test-${randomUUID().slice(0, 8)}`;
const folder = mkdtempSync(path.join(tmpdir(), "paperboy-catalog-load-"));

type Outcome = { code: number; stdout: string; stderr: string };

function catalogLoad(...args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/catalog-load.ts", ...args],
      { cwd: process.cwd(), env: process.env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function file(name: string, content: string): string {
  const target = path.join(folder, name);
  writeFileSync(target, content);
  return target;
}

// Only the script opens this file's database; a shared PostgreSQL is cleaned afterwards.
afterAll(async () => {
  if (!process.env.DATABASE_URL) return;
  await getDb()
    .delete(newsletter)
    .where(like(newsletter.catalogKey, `${run}-%`));
  await getDb()
    .delete(category)
    .where(like(category.slug, `${run}-%`));
  await closeDb();
});

describe("npm run catalog:load", () => {
  it("refuses a file that is not JSON, exiting 1", { timeout: 60_000 }, async () => {
    const target = file("broken.json", "{ not json");
    const result = await catalogLoad(target);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(new RegExp(`^${target}: Invalid catalog:\\n  - ${target} is not valid JSON: `));
  });

  it("names the entry and field of each problem, exiting 1", { timeout: 60_000 }, async () => {
    const entries = [{ key: `${run}-bad`, name: "Bad", website_url: "mailto:x@example.com", categories: ["no-such-category"] }];
    const result = await catalogLoad(file("invalid.json", JSON.stringify(entries)));
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toContain(`- newsletter "${run}-bad" website_url: Must be an http(s) URL`);
  });

  it("loads an operator's file, with its own categories beside the bundled ones", { timeout: 120_000 }, async () => {
    const entries = [
      { key: `${run}-local`, name: `Local ${run}`, website_url: "https://local.example/", categories: ["news"] },
      { key: `${run}-guild`, name: `Guild ${run}`, website_url: "https://guild.example/", categories: [`${run}-makers`] },
    ];
    const target = file(
      "operator.json",
      JSON.stringify({ categories: [{ slug: `${run}-makers`, name: `Makers ${run}`, emoji: "🛠️" }], newsletters: entries }),
    );
    const first = await catalogLoad("--", target);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toMatch(
      new RegExp(`^Loaded 20 categories and 2 newsletters \\(2 new, 0 updated, 0 unchanged\\) in \\d+ ms from ${target}\\.\\n$`),
    );
  });
});
