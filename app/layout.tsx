import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { EARLY_KEYS_SCRIPT } from "@/components/keyboard/early-keys";
import { Providers } from "@/components/providers";
import { ServiceWorker } from "@/components/pwa/service-worker";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Paperboy", template: "%s · Paperboy" },
  description: "Your newsletters, in one calm feed.",
  icons: { apple: "/icons/apple-touch-icon.png" },
};

// The installed app's title bar follows the page: white in the light theme, slate-950 in the dark one.
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

// Applied before the first paint, so a dark reader never sees a flash of the light theme.
const themeScript = `(function(){try{var t=localStorage.getItem("theme");if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var r=document.documentElement;r.classList.remove("light","dark");r.classList.add(t);r.style.colorScheme=t}catch(e){}})();`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript + EARLY_KEYS_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <Providers>{children}</Providers>
        <ServiceWorker />
      </body>
    </html>
  );
}
