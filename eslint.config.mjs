import { readdirSync } from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Everything that only runs on the server: the database, and every domain's repositories and services
// (repo.ts, service.ts and the named ones such as feed-repo.ts or public-service.ts).
const databaseModules = ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*"];
const serverModules = [...databaseModules, "@/lib/**/repo", "@/lib/**/service", "@/lib/**/*-repo", "@/lib/**/*-service"];

// Each folder under lib/ is one domain. Another domain may use what it exports (its services, dto and
// schemas, pure helpers) but never its repositories (repo.ts, *-repo.ts): rows are read and written by
// their own domain, owner checks included. Type-only imports are refused too: a type another domain
// needs belongs in the owner's service or dto.
const domains = readdirSync(new URL("./lib", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Only repositories call the database: a query written anywhere else is a crossing no other fence sees.
// Type-only imports (a transaction's Database) and the schema's constants (db/schema/<file>) pass. The
// files below predate this fence: the connection's own plumbing (auth, jobs, live updates, health,
// backup, shutdown) and queries still to move into their domain's repo (docs/architecture.md).
const databaseCallers = [
  "lib/auth/auth.ts",
  "lib/auth/session.ts",
  "lib/auth/throttle.ts",
  "lib/backup/migrations.ts",
  "lib/backup/session.ts",
  "lib/health/service.ts",
  "lib/jobs/boss.ts",
  "lib/live/hub.ts",
  "lib/worker/shutdown.ts",
  "lib/issues/dto.ts",
  "lib/issues/search-conditions.ts",
  "lib/newsletters/activity.ts",
  "lib/newsletters/catalog.ts",
  "lib/newsletters/change-stamp.ts",
];
const databaseFence = {
  regex: "^(@/db/(client|prepared|schema)|drizzle-orm(/.*)?)$",
  allowTypeImports: true,
  message: "Only repositories (repo.ts, *-repo.ts) call the database: a service calls its own domain's repo.",
};
const domainFences = domains.flatMap((domain) => {
  const files = [`lib/${domain}/**/*.ts`, `lib/${domain}/**/*.tsx`];
  const repoCrossing = {
    regex: `^(@/lib/(?!${domain}/)[^/]+(/[^/]+)*|(\\.\\./)+(?!${domain}/)[^/.][^/]*(/[^/]+)*)/([^/]+-)?repo$`,
    message: "A domain reaches another domain's rows through its service, never its repo (repo.ts, *-repo.ts).",
  };
  // The second entry replaces the first's rule where both apply, so it carries both fences.
  return [
    { files, rules: { "no-restricted-imports": ["error", { patterns: [repoCrossing] }] } },
    {
      files,
      ignores: ["lib/**/repo.ts", "lib/**/*-repo.ts", "lib/**/*.test.ts", ...databaseCallers],
      rules: { "no-restricted-imports": ["error", { patterns: [repoCrossing, databaseFence] }] },
    },
  ];
});

export default [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "playwright-report/**", "test-results/**"] },
  {
    // Test helpers named use* (useDatabase) register Vitest hooks, not React ones.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Every route handler, under app/api and outside it (feeds, image proxy).
    files: ["app/**/route.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: databaseModules, message: "Route handlers call lib/<domain> services, never the database." }] },
      ],
    },
  },
  // Before the client fence, which replaces it in client code (lib/client, api/client.ts) with a stricter one.
  ...domainFences,
  {
    // Types pass: the server's DTOs type the hooks, and a type import ships nothing to the browser.
    files: ["components/**/*.ts", "components/**/*.tsx", "lib/client/**/*.ts", "lib/api/client.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: serverModules, allowTypeImports: true, message: "Client code talks to the API through hooks." }] },
      ],
    },
  },
  {
    // The database sits below every domain. db/client.ts still reads its settings from lib/env (which
    // imports nothing from lib/), so that one module is let through.
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/*", "!@/lib/env", "**/lib/*", "!**/lib/env"],
              message: "db/ imports nothing from lib/: the domains sit above the database.",
            },
          ],
        },
      ],
    },
  },
];
