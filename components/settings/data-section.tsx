import { buttonClass } from "../ui/button";
import { SettingsCard } from "./settings-card";

/** The exports are plain downloads: the browser streams each zip to disk as the server builds it. */
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
      <p className="mt-5 mb-4 text-sm text-slate-600 dark:text-slate-400">
        Your issues as Markdown notes, one file each with its details, folders and your highlights, for a folder of notes in Obsidian or
        Logseq.
      </p>
      <a href="/api/users/me/export/markdown" download className={buttonClass("secondary")}>
        Download Markdown
      </a>
    </SettingsCard>
  );
}
