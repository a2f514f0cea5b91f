/**
 * `npm run deps`: fails when the lib/* domains import each other in a cycle. Each folder (or single
 * file) under lib/ is one domain; an import from one domain's file to another's draws an arrow. Type-only
 * imports are erased at build time and draw none. dependency-cruiser and madge were tried first: the
 * versions that run on Node 20 cannot parse TypeScript 6, so this reads imports with the compiler itself.
 * `npm run deps` then runs knip (knip.json: exports and types only), which fails on an export no other
 * file reads, tests included; Next.js's, Vitest's and Playwright's conventional exports are known to its
 * plugins, and lib/pwa/sw.ts (bundled by name) is an entry.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const lib = path.join(root, "lib");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The domain a path under lib/ belongs to ("issues" for lib/issues/repo.ts, "env" for lib/env.ts). */
function domainOf(file: string): string | null {
  const relative = path.relative(lib, file);
  if (relative.startsWith("..")) return null;
  return relative.split(path.sep)[0].replace(/\.tsx?$/, "");
}

/** Specifiers of the imports that exist at run time: `import type`, `export type` and all-type named imports are left out. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly));
      if (!allTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return path.join(root, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return null;
}

/** domain -> domain -> one file-level import that draws the arrow (for the message). */
const arrows = new Map<string, Map<string, string>>();
for (const file of sourceFiles(lib)) {
  const from = domainOf(file)!;
  for (const specifier of runtimeImports(file)) {
    const target = resolve(file, specifier);
    const to = target && domainOf(target);
    if (!to || to === from) continue;
    if (!arrows.has(from)) arrows.set(from, new Map());
    if (!arrows.get(from)!.has(to)) arrows.get(from)!.set(to, `${path.relative(root, file)} -> ${specifier}`);
  }
}

// Tarjan's strongly connected components: every component of more than one domain is a cycle.
const cycles: string[][] = [];
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
function connect(domain: string) {
  index.set(domain, index.size);
  low.set(domain, index.get(domain)!);
  stack.push(domain);
  onStack.add(domain);
  for (const next of arrows.get(domain)?.keys() ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(domain, Math.min(low.get(domain)!, low.get(next)!));
    } else if (onStack.has(next)) {
      low.set(domain, Math.min(low.get(domain)!, index.get(next)!));
    }
  }
  if (low.get(domain) === index.get(domain)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== domain);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const domain of arrows.keys()) if (!index.has(domain)) connect(domain);

if (cycles.length === 0) {
  console.log(
    `No import cycle among the ${new Set([...arrows.keys(), ...[...arrows.values()].flatMap((to) => [...to.keys()])]).size} lib/* domains.`,
  );
} else {
  for (const component of cycles) {
    console.error(`Import cycle among lib/${component.join(", lib/")}:`);
    for (const from of component) {
      for (const [to, example] of arrows.get(from) ?? []) if (component.includes(to)) console.error(`  ${from} -> ${to}   (${example})`);
    }
  }
  process.exitCode = 1;
}
