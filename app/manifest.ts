import type { MetadataRoute } from "next";

/** GET /manifest.webmanifest (docs/contract.md 7.5): what a browser needs to install Paperboy as an app. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Paperboy",
    short_name: "Paperboy",
    description: "Your newsletters, in one calm feed.",
    id: "/feed",
    start_url: "/feed",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
