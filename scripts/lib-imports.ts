/**
 * What `npm run deps` checks of lib/, read with the compiler itself (dependency-cruiser and madge, in the
 * versions that run on Node 20, cannot parse TypeScript 6): lib/ never imports app/, type-only imports
 * included (a domain knows no route or screen), and the lib/* domains import each other in no cycle. Each
 * folder (or single file) under lib/ is one domain; a run-time import from one domain's file to another's
 * draws an arrow, type-only imports being erased at build time.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

type Import = { specifier: string; typeOnly: boolean };

/** Every import and re-export of `file`, static or dynamic; `typeOnly` for `import type`, `export type` and all-type named imports. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const imports: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly));
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(typeOnly) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) imports.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      imports.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}

/** The domain graph's strongly connected components of more than one domain (Tarjan): each is a cycle. */
function cyclesOf(arrows: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const connect = (domain: string) => {
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
  };
  for (const domain of arrows.keys()) if (!index.has(domain)) connect(domain);
  return cycles;
}

/** The problems of `root`'s lib/, one message each (empty when there is none), and how many domains it has. */
export function libImportProblems(root: string): { problems: string[]; domains: number } {
  const lib = path.join(root, "lib");
  const app = path.join(root, "app");
  const domainOf = (file: string): string | null => {
    const relative = path.relative(lib, file);
    if (relative.startsWith("..")) return null;
    return relative.split(path.sep)[0].replace(/\.tsx?$/, "");
  };
  const resolve = (from: string, specifier: string): string | null => {
    if (specifier.startsWith("@/")) return path.join(root, specifier.slice(2));
    if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
    return null;
  };

  const problems: string[] = [];
  // domain -> domain -> one file-level import that draws the arrow (for the message).
  const arrows = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(lib)) {
    const from = domainOf(file)!;
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = resolve(file, specifier);
      if (!target) continue;
      const example = `${path.relative(root, file)} -> ${specifier}`;
      if (!path.relative(app, target).startsWith("..")) {
        problems.push(`lib/ imports app/: ${example} (move what both need into lib/, or the app/ side beside its route)`);
        continue;
      }
      const to = domainOf(target);
      if (typeOnly || !to || to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Map());
      if (!arrows.get(from)!.has(to)) arrows.get(from)!.set(to, example);
    }
  }
  for (const component of cyclesOf(arrows)) {
    const edges = component.flatMap((from) =>
      [...(arrows.get(from) ?? [])].filter(([to]) => component.includes(to)).map(([to, example]) => `  ${from} -> ${to}   (${example})`),
    );
    problems.push([`Import cycle among lib/${component.join(", lib/")}:`, ...edges].join("\n"));
  }
  const domains = new Set([...arrows.keys(), ...[...arrows.values()].flatMap((to) => [...to.keys()])]).size;
  return { problems, domains };
}
