import { buttonClass } from "../ui/button";
import { LogoMark } from "../ui/logo";

export function WelcomeStep({ name, onNext }: { name: string; onNext: () => void }) {
  return (
    <div className="space-y-6 text-center">
      <LogoMark className="mx-auto h-14 w-14" />
      <div className="space-y-3">
        <h2 id="onboarding-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          Welcome to Paperboy{name ? `, ${name}` : ""}!
        </h2>
        <p className="text-slate-600 dark:text-slate-300">
          All your newsletters in one calm feed. Let&apos;s pick your Paperboy address and find a few newsletters worth reading.
        </p>
      </div>
      <button type="button" onClick={onNext} className={buttonClass("primary", "w-full py-3 text-base")}>
        Get Started
      </button>
    </div>
  );
}
