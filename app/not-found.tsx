import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { LogoMark } from "@/components/ui/logo";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-5 px-6 text-center">
      <LogoMark className="h-12 w-12" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">This page could not be found.</h1>
      <p className="max-w-sm text-slate-600 dark:text-slate-400">The link may be old, or the page may have moved.</p>
      <Link href="/" className={buttonClass("primary")}>
        Back to Paperboy
      </Link>
    </main>
  );
}
