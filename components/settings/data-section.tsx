import { buttonClass } from "../ui/button";
import { SettingsCard } from "./settings-card";

/** The export is a plain download: the browser streams the zip to disk as the server builds it. */
export function DataSection() {
  return (
    <SettingsCard title="Your data">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        A zip of your account, subscriptions, folders, comments, likes, favourites and read state, every original message as it arrived, and
        your newsletters as OPML.
      </p>
      <a href="/api/users/me/export" download className={buttonClass("secondary")}>
        Download my data
      </a>
    </SettingsCard>
  );
}
