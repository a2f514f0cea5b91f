import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const serverModules = ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*", "@/lib/*/repo", "@/lib/*/service"];

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
    files: ["app/api/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*"], message: "Route handlers call lib/<domain> services, never the database." }] }],
    },
  },
  {
    files: ["components/**/*.tsx", "lib/**/hooks.ts", "lib/api/client.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: serverModules, message: "Client code talks to the API through hooks." }] }],
    },
  },
];
