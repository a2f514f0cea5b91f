import Link from "next/link";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClass } from "@/components/ui/button";
import { CompassIcon, FeedIcon, MailIcon } from "@/components/ui/icons";
import { Logo } from "@/components/ui/logo";
import { sessionUser } from "./session-user";

const FEATURES = [
  {
    icon: MailIcon,
    title: "Your own address",
    text: "Every reader gets a private Paperboy address. Subscribe with it, or forward what already lands in your inbox.",
  },
  {
    icon: FeedIcon,
    title: "One calm feed",
    text: "Issues arrive in a single feed you can filter, sort and search — no more digging through promotions.",
  },
  {
    icon: CompassIcon,
    title: "Discover writers",
    text: "Browse featured, trending and recommended newsletters by category, and subscribe in a click.",
  },
];

export default async function LandingPage() {
  const user = await sessionUser();
  return (
    <div className="relative isolate flex min-h-screen flex-col overflow-hidden">
      <div
        className="pointer-events-none absolute inset-x-0 -top-24 -z-10 mx-auto h-[34rem] max-w-3xl rounded-full bg-gradient-to-tr from-indigo-300/40 via-violet-300/30 to-sky-200/30 blur-3xl dark:from-indigo-700/30 dark:via-violet-800/20 dark:to-sky-900/20"
        aria-hidden="true"
      />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-5 sm:px-8">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {!user && (
            <Link href="/login" className={buttonClass("ghost", "px-3")}>
              Log in
            </Link>
          )}
          <ThemeToggle />
        </nav>
      </header>

      <main className="flex-1">
        <section>
          <div className="mx-auto max-w-3xl px-4 pb-16 pt-12 text-center sm:px-8 sm:pt-20">
            {user ? (
              <>
                <p className="mb-4 inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  Good to see you again
                </p>
                <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
                  Welcome back, <span className="break-all text-indigo-600 dark:text-indigo-400">{user.username}</span>
                </h1>
                <p className="mx-auto mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
                  Your latest issues are waiting in your feed.
                </p>
                <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
                  <Link href="/feed" className={buttonClass("primary", "px-6 py-3 text-base")}>
                    Go to my feed
                  </Link>
                  <Link href="/settings" className={buttonClass("secondary", "px-6 py-3 text-base")}>
                    Settings
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p className="mb-4 inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  Newsletters, without the inbox
                </p>
                <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
                  Your newsletters, in one <span className="text-indigo-600 dark:text-indigo-400">calm feed</span>.
                </h1>
                <p className="mx-auto mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
                  Paperboy gives you a private address for every newsletter you read. Everything you subscribe to lands in a feed made for
                  reading.
                </p>
                <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
                  <Link href="/register" className={buttonClass("primary", "px-6 py-3 text-base")}>
                    Sign up — it&apos;s free
                  </Link>
                  <Link href="/login" className={buttonClass("secondary", "px-6 py-3 text-base")}>
                    Log in
                  </Link>
                </div>
              </>
            )}
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-20 sm:px-8">
          <h2 id="features" className="sr-only">
            What Paperboy does
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-slate-200 bg-white/70 p-6 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-900/60"
              >
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
                  <Icon />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © Paperboy — newsletters, delivered.
      </footer>
    </div>
  );
}
