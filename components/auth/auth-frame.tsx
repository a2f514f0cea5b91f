import type { ReactNode } from "react";
import { ThemeToggle } from "../theme-toggle";
import { Logo } from "../ui/logo";

/** The frame of the login and register pages: brand panel beside the form on wide screens. */
export function AuthFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="flex min-h-screen">
      <aside className="relative hidden w-[42%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 text-white lg:flex">
        <div className="pointer-events-none absolute -right-24 -top-24 h-80 w-80 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
        <p className="inline-flex w-fit rounded-full bg-white/15 px-3 py-1 text-sm font-medium text-indigo-50">
          Newsletters, without the inbox
        </p>
        <div className="relative space-y-4">
          <p className="text-3xl font-semibold leading-tight">Every newsletter you love, delivered to one calm feed.</p>
          <p className="text-indigo-100">
            Get a private address, forward what you read, and discover new writers without cluttering your inbox.
          </p>
        </div>
        <p className="text-sm text-indigo-200">Read, like, file and share — all in one place.</p>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8">
          <Logo />
          <ThemeToggle />
        </header>
        <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:px-8">
          <div className="w-full max-w-md space-y-6">
            <div className="space-y-2">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
              <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
            </div>
            {children}
            <div className="text-sm text-slate-600 dark:text-slate-400">{footer}</div>
          </div>
        </main>
      </div>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      or
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
