"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser, type User } from "@/lib/client/auth";
import { dropOfflineData } from "@/lib/pwa/client";
import { isHeaderHidden, titleFromPath } from "@/lib/navigation/page-title";
import { loginPathFor } from "@/lib/navigation/safe-next";
import { subscriptionsQuery } from "@/lib/client/subscriptions";
import { useShowOnboarding } from "../onboarding/use-onboarding";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AppHeader, MenuButton } from "./app-header";
import { MobileNav } from "./mobile-nav";
import { Sidebar } from "./sidebar";
import { lazyComponent } from "../ui/lazy-component";

// Shown once per reader: fetched when needed rather than shipped with every page (issue 34's budget).
const OnboardingModal = lazyComponent(() => import("../onboarding/onboarding-modal").then((module) => module.OnboardingModal));
// Neither draws anything on the first paint (the offline notice shows once the network goes): fetched as the page
// starts, not with it (issue 41's budget). The service worker keeps their code for a page opened offline.
const LiveUpdates = lazyComponent(() => import("../live/live-updates").then((module) => module.LiveUpdates));
const OfflineReader = lazyComponent(() => import("../pwa/offline-reader").then((module) => module.OfflineReader));

/** The protected area: waits for the session check, sends guests to /login, then draws the frame. */
export function AppShell({ children }: { children: ReactNode }) {
  const router = useRouter();
  const session = useCurrentUser();
  const user = session.data;

  useEffect(() => {
    if (user !== null) return;
    // The session ended (a logout elsewhere, an expiry): nothing of the reader stays on this device.
    void dropOfflineData();
    router.replace(loginPathFor(`${window.location.pathname}${window.location.search}`));
  }, [user, router]);

  // A failed refetch keeps the user already shown; only a first check that fails blocks the page.
  if (session.isError && user === undefined) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {errorMessage(session.error, "No active session")}
        </p>
        <button type="button" onClick={() => session.refetch()} className={buttonClass("secondary")}>
          Try again
        </button>
      </div>
    );
  }
  if (!user) return <Spinner label="Authenticating..." className="min-h-screen" />;
  return <SignedIn user={user}>{children}</SignedIn>;
}

function SignedIn({ user, children }: { user: User; children: ReactNode }) {
  const onboarding = useShowOnboarding(user);
  // Finishing closes the dialog before its save answers; the page is the reader's from that moment
  // (inert content is out of reach of pointer, keyboard and screen reader alike).
  const [onboardingClosed, setOnboardingClosed] = useState(false);
  // docs/spec.md sections 2 and 4: the subscription list is fetched as soon as the user is known (cards and
  // the issue page read it), and a spinner stands in for the page until a first list is there. The page
  // is mounted meanwhile, only hidden, so its own requests start at once instead of after the list.
  const loading = useQuery(subscriptionsQuery()).isLoading;
  return (
    <>
      <Frame inert={onboarding && !onboardingClosed}>
        {loading && <Spinner label="Loading..." className="py-16" />}
        <div hidden={loading} className={loading ? undefined : "contents"}>
          {children}
        </div>
      </Frame>
      {onboarding && <OnboardingModal user={user} closed={onboardingClosed} setClosed={setOnboardingClosed} />}
      <LiveUpdates />
      <OfflineReader userId={user.id} />
    </>
  );
}

function Frame({ children, inert }: { children: ReactNode; inert: boolean }) {
  const pathname = usePathname();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const headerHidden = isHeaderHidden(pathname);

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-950" inert={inert}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <Sidebar open={sidebarOpen} onToggle={() => setSidebarOpen((open) => !open)} />
      <div className="flex min-w-0 flex-1 flex-col">
        {headerHidden ? (
          // At the page's top left, scrolling away with it: fixed, it would lie over the text.
          <MenuButton onOpen={openMenu} className="absolute left-3 top-3 z-30 bg-white/90 shadow-sm dark:bg-slate-900/90" />
        ) : (
          <AppHeader title={titleFromPath(pathname)} onOpenMenu={openMenu} />
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
      <MobileNav open={menuOpen} onClose={closeMenu} />
    </div>
  );
}
