import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { nameKey } from "@/lib/mail/content/identity";
import { findCatalogNewsletterFor } from "@/lib/mail/filing/identity-repo";
import { parseAndBuild } from "@/lib/mail/content/mail-content";
import { seedCatalog } from "@/lib/newsletters/catalog";
import { useDatabase } from "../support/api";

useDatabase();

// Which newsletter the shared corpus's issues become, against the bundled catalog: MANIFEST.md's
// "expected newsletter" column is the answer; this file only adds the headers a delivery would carry.
const corpus = path.resolve(import.meta.dirname, "../..", "../shared/corpus");
const present = existsSync(path.join(corpus, "MANIFEST.md"));
if (!present) console.warn(`SKIPPED: the newsletter identity corpus suite needs ${corpus} (the shared corpus), which is absent`);

/** MANIFEST's expected newsletter of each file, by its two-digit prefix. */
function expectedNewsletters(): Map<string, string> {
  const rows = readFileSync(path.join(corpus, "MANIFEST.md"), "utf8").split("\n");
  const expected = new Map<string, string>();
  for (const row of rows) {
    const cells = row.split("|").map((cell) => cell.trim());
    const file = /^`(\d\d)-/.exec(cells[1] ?? "")?.[1];
    if (file && cells.length > 9) expected.set(file, cells[8]);
  }
  return expected;
}

// The bodies-only samples, with the From (and List-Id) their publishers send them with.
const HEADERS: Record<string, { file: string; from: string; listId?: string }> = {
  "05": { file: "05-substack-astralcodexten-static-tweets.html", from: "Astral Codex Ten <astralcodexten@substack.com>" },
  "15": { file: "15-axios-am-2022-09-20.html", from: "Mike Allen <mike@axios.com>" },
  "16": {
    file: "16-bloomberg-big-take-oil.html",
    from: "Bloomberg <noreply@news.bloomberg.com>",
    listId: "The Big Take <bigtake.bloomberg.com>",
  },
  "20": { file: "20-substack-tictoc-weekly-thoughts.html", from: "Tic's Weekly Thoughts <tictoctrading@substack.com>" },
};

async function identityOf(prefix: string, from?: string) {
  const sample = HEADERS[prefix];
  const head = [
    `From: ${from ?? sample.from}`,
    "To: reader@paperboy.localhost",
    "Subject: This week",
    ...(sample.listId ? [`List-Id: ${sample.listId}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
  ];
  const raw = Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), readFileSync(path.join(corpus, sample.file))]);
  return (await parseAndBuild(raw)).content.identity;
}

async function catalogOf(prefix: string, from?: string) {
  const identity = await identityOf(prefix, from);
  return findCatalogNewsletterFor(getDb(), identity, identity.senderDomain ?? "");
}

describe.skipIf(!present)("newsletter identity against the corpus and the bundled catalog", () => {
  const expected = present ? expectedNewsletters() : new Map<string, string>();

  beforeAll(async () => {
    await seedCatalog();
  });

  it("reads MANIFEST's expected newsletters", () => {
    expect(expected.get("16")).toMatch(/Big Take/);
    expect(expected.get("15")).toBe("Axios AM");
  });

  it.each(["15", "16"])("%s is never filed under a catalog newsletter MANIFEST does not name", async (prefix) => {
    const found = await catalogOf(prefix);
    if (found) expect(nameKey(expected.get(prefix) ?? "")).toContain(nameKey(found.name));
  });

  it("files Bloomberg's The Big Take (its own List-Id) apart from the catalog's Money Stuff", async () => {
    expect(await catalogOf("16")).toBeUndefined();
  });

  it("files Axios AM from mike@axios.com under Axios AM when it says so, and never under Axios Pro Rata", async () => {
    expect((await catalogOf("15"))?.name).not.toBe("Axios Pro Rata");
    expect((await catalogOf("15", "Axios AM <mike@axios.com>"))?.name).toBe(expected.get("15"));
  });

  it.each(["05", "20"])("%s is named as MANIFEST says, by its clean From display name", async (prefix) => {
    expect((await identityOf(prefix)).name).toBe(expected.get(prefix)?.replace(/\s*\(.*$/, ""));
  });
});
