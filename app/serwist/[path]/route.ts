import { createSerwistRoute } from "@serwist/turbopack";

// The service worker (lib/pwa/sw.ts), bundled once at `next build` with this build's precache list (each
// asset's revision from the build), and served from /serwist/sw.js with the whole site as its scope.
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "lib/pwa/sw.ts",
  // The native esbuild is already installed; the WebAssembly one would be another download.
  useNativeEsbuild: true,
});
