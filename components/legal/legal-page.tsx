import type { ReactNode } from "react";
import { ThemeToggle } from "../theme-toggle";
import { Logo } from "../ui/logo";

/** The frame of the Terms and Privacy pages: readable prose, open to everyone. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-4 py-5 sm:px-8">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 sm:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Last updated {updated}</p>
        <div className="mt-8 space-y-6 leading-7 text-slate-700 dark:text-slate-300 [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
          {children}
        </div>
      </main>
    </div>
  );
}
