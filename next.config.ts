import type { NextConfig } from "next";

// No usage reports to Vercel, and no notice about them in a newcomer's first build: read by `next build`,
// `next dev` and `next start` after this file, set here so every way of running Next.js agrees.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const nextConfig: NextConfig = {
  // The Docker image runs the standalone server; `npm start` serves the ordinary build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  outputFileTracingIncludes: { "/*": ["./db/migrations/**/*"] },
};

export default nextConfig;
