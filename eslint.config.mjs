import { readdirSync } from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Everything that only runs on the server: the database, and every domain's repositories and services
// (repo.ts, service.ts and the named ones such as feed-repo.ts or public-service.ts).
const databaseModules = ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*"];
const serverModules = [...databaseModules, "@/lib/*/repo", "@/lib/*/service", "@/lib/*/*-repo", "@/lib/*/*-service"];

// Each folder under lib/ is one domain. Another domain may use what it exports (its services, dto and
// schemas, pure helpers) but never its repositories (repo.ts, *-repo.ts): rows are read and written by
// their own domain, owner checks included. Type-only imports are refused too: a type another domain
// needs belongs in the owner's service or dto.
const domains = readdirSync(new URL("./lib", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const domainFences = domains.map((domain) => ({
  files: [`lib/${domain}/**/*.ts`, `lib/${domain}/**/*.tsx`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^(@/lib/(?!${domain}/)[^/]+|\\.\\./(?!${domain}/)[^/.][^/]*)/([^/]+-)?repo$`,
            message: "A domain reaches another domain's rows through its service, never its repo (repo.ts, *-repo.ts).",
          },
        ],
      },
    ],
  },
}));

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
  // Before the client fence, which replaces it in client code (hooks.ts, api/client.ts) with a stricter one.
  ...domainFences,
  {
    files: ["components/**/*.ts", "components/**/*.tsx", "lib/**/hooks.ts", "lib/api/client.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: serverModules, message: "Client code talks to the API through hooks." }] }],
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
