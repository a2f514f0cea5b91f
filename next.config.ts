import type { NextConfig } from "next";

// No usage reports to Vercel, and no notice about them in a newcomer's first build: read by `next build`,
// `next dev` and `next start` after this file, set here so every way of running Next.js agrees.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const nextConfig: NextConfig = {
  // The Docker image runs the standalone server; `npm start` serves the ordinary build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled. drizzle-orm and
  // rate-limiter-flexible are loaded from node_modules too, so the instrumentation bundle (which opens the
  // shared connection and the limiters, kept on globalThis) and every route bundle share one copy of each:
  // with a copy per bundle, `instanceof` on their error classes missed across bundles and answered 500.
  serverExternalPackages: ["@electric-sql/pglite", "drizzle-orm", "rate-limiter-flexible"],
  poweredByHeader: false,
  // .ci/run type-checks the sources (`npm run typecheck`) just before it builds: the build need not check them again.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === "true" },
  experimental: {
    // A CI run (CI=true) builds once from a clean clone: the cache a later build would start from is never read,
    // and writing it took a minute of a loaded machine.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
  },
  outputFileTracingIncludes: {
    "/*": ["./db/migrations/**/*"],
    // Read from node_modules at run time (lib/openapi/docs-page.ts), so the standalone server needs it copied.
    "/api/docs/redoc.standalone.js": ["./node_modules/redoc/bundles/redoc.standalone.js"],
  },
};

export default nextConfig;
