import { z } from "zod";

const SENDING_FREQUENCIES = ["Daily", "Weekdays", "Several times a week", "Twice weekly", "Weekly", "Biweekly", "Monthly"] as const;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single dashes")
  .max(80);

const webUrl = z.url({ protocol: /^https?$/, error: "Must be an http(s) URL" }).max(2000);

export const CatalogCategory = z.strictObject({
  slug,
  name: z.string().trim().min(1).max(80),
  emoji: z.string().trim().min(1).max(16),
});
export type CatalogCategory = z.infer<typeof CatalogCategory>;

export const CatalogNewsletter = z.strictObject({
  key: slug,
  name: z.string().trim().min(1).max(200),
  publisher: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().min(1).max(1000).optional(),
  website_url: webUrl,
  subscribe_page_url: webUrl.optional(),
  direct_subscribe_url: webUrl.optional(),
  feed_url: webUrl.optional(),
  logo_url: webUrl.optional(),
  categories: z.array(slug).min(1, "List at least one category"),
  sending_frequency: z.enum(SENDING_FREQUENCIES).optional(),
  is_featured: z.boolean().default(false),
});
export type CatalogNewsletter = z.infer<typeof CatalogNewsletter>;

export type Catalog = { categories: CatalogCategory[]; newsletters: CatalogNewsletter[] };

/** An operator's file: the bundled newsletters.json shape (a bare list), or an object with its own categories too. */
const CatalogFile = z.union([
  z.array(CatalogNewsletter).transform((newsletters) => ({ categories: [] as CatalogCategory[], newsletters })),
  z.strictObject({ categories: z.array(CatalogCategory).default([]), newsletters: z.array(CatalogNewsletter) }),
]);

export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid catalog:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "CatalogError";
  }
}

function duplicates(values: string[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return repeated;
}

/** Checks what a per-entry schema cannot: unique keys and slugs, and categories that exist. */
function crossCheck(catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const slugValue of duplicates(catalog.categories.map((category) => category.slug)))
    problems.push(`categories: slug "${slugValue}" appears more than once`);
  for (const name of duplicates(catalog.categories.map((category) => category.name)))
    problems.push(`categories: name "${name}" appears more than once`);
  for (const key of duplicates(catalog.newsletters.map((entry) => entry.key)))
    problems.push(`newsletter "${key}": key appears more than once`);
  const known = new Set(catalog.categories.map((category) => category.slug));
  for (const entry of catalog.newsletters) {
    for (const slugValue of entry.categories) {
      if (!known.has(slugValue)) problems.push(`newsletter "${entry.key}" categories: unknown category "${slugValue}"`);
    }
  }
  return problems;
}

type Issue = { path: PropertyKey[]; message: string };

function entryKey(raw: unknown, path: PropertyKey[]): string | undefined {
  const [first, second] = path;
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === "object" && raw !== null
      ? (raw as Record<string, unknown>)[String(first)]
      : undefined;
  const index = Array.isArray(raw) ? first : second;
  if (!Array.isArray(list) || typeof index !== "number") return undefined;
  const entry: unknown = list[index];
  if (typeof entry !== "object" || entry === null) return undefined;
  const record = entry as Record<string, unknown>;
  const key = record.key ?? record.slug;
  return typeof key === "string" ? key : undefined;
}

/** "newsletter "tldr" website_url: Must be an http(s) URL", naming the entry by its key when it has one. */
function describeIssue(raw: unknown, issue: Issue): string {
  const path = issue.path.map(String);
  const key = entryKey(raw, issue.path);
  const isCategory = path[0] === "categories" && !Array.isArray(raw);
  const fieldPath = (Array.isArray(raw) ? path.slice(1) : path.slice(2)).join(".");
  if (key !== undefined) return `${isCategory ? "category" : "newsletter"} "${key}" ${fieldPath || "entry"}: ${issue.message}`;
  return `${path.join(".") || "file"}: ${issue.message}`;
}

function schemaProblems(raw: unknown, issues: z.core.$ZodIssue[]): string[] {
  // A union reports each branch's issues; show the branch that matches the file's outer shape.
  const union = issues.length === 1 && issues[0]?.code === "invalid_union" ? issues[0] : undefined;
  if (union && union.code === "invalid_union") {
    const branch = union.errors[Array.isArray(raw) ? 0 : 1] ?? [];
    if (branch.length > 0) return branch.map((issue) => describeIssue(raw, issue));
  }
  return issues.map((issue) => describeIssue(raw, issue));
}

/**
 * Validates an operator's catalog file. Its categories may refer to the bundled ones,
 * which are merged in underneath (the file's own win by slug).
 */
export function parseCatalogFile(raw: unknown, bundledCategories: CatalogCategory[] = []): Catalog {
  const result = CatalogFile.safeParse(raw);
  if (!result.success) throw new CatalogError(schemaProblems(raw, result.error.issues));
  const own = new Set(result.data.categories.map((category) => category.slug));
  const catalog = {
    categories: [...bundledCategories.filter((category) => !own.has(category.slug)), ...result.data.categories],
    newsletters: result.data.newsletters,
  };
  const problems = crossCheck(catalog);
  if (problems.length > 0) throw new CatalogError(problems);
  return catalog;
}

/** Validates the two bundled files (db/catalog/*.json). */
export function parseBundledCatalog(categories: unknown, newsletters: unknown): Catalog {
  return parseCatalogFile({ categories, newsletters });
}
