import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { firstScreenRequests } from "@/components/app-shell/first-screen-requests";
import { earlyScript } from "@/lib/api/early";
import { PAGE_URL_HEADER } from "@/lib/navigation/protected-paths";

export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  // issue 34: the first screen's API calls start with the HTML, beside the download of the scripts that will
  // read them. Run only by a full load: React never runs a script it inserts on a later navigation.
  const page = new URL((await headers()).get(PAGE_URL_HEADER) ?? "/", "http://page.invalid");
  const early = firstScreenRequests(page.pathname, page.search);
  return (
    <>
      {early.length > 0 && <script dangerouslySetInnerHTML={{ __html: earlyScript(early) }} />}
      <AppShell>{children}</AppShell>
    </>
  );
}
