"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { usePersonalMail, useSavePersonalMail, useSenderChoices, useSetSenderChoice } from "@/lib/client/passthrough";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { Switch } from "./switch";

const CHOICE_LABELS = { newsletter: "Treat as newsletter", forward: "Always forward" } as const;

/**
 * Settings' personal mail: sign-in links, codes, receipts and replies that reach a Paperboy address go on
 * to the sign-in address instead of the feed, and the senders the reader decided on themselves.
 */
export function PersonalMailSection() {
  const setting = usePersonalMail();
  const save = useSavePersonalMail();
  const choices = useSenderChoices();
  const choose = useSetSenderChoice();
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const forget = (sender: string) => {
    setNotice(null);
    choose.mutate(
      { sender, choice: null },
      {
        onSuccess: () => setNotice({ tone: "success", text: `Mail from ${sender} is sorted by Paperboy again.` }),
        onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to change the sender.") }),
      },
    );
  };

  return (
    <section
      id="personal-mail"
      aria-labelledby="personal-mail-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="personal-mail-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Personal mail
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Sign-in links, codes, receipts, password resets and replies that reach your Paperboy address are not newsletters: they go on to your
        sign-in address and never into your feed.
      </p>
      {setting.isPending && <Spinner label="Loading personal mail..." className="py-4" />}
      {setting.isError && <Alert className="mt-3">{errorMessage(setting.error, "Failed to load the personal mail setting")}</Alert>}
      {setting.data && (
        <div className="mt-3">
          <Switch
            checked={setting.data.forward_personal}
            onChange={(forward) => {
              setNotice(null);
              save.mutate(forward, {
                onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to save the setting.") }),
              });
            }}
            label="Personal mail: forward to my sign-in address"
          />
        </div>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">Your choices per sender</h3>
      {choices.isPending && <Spinner label="Loading senders..." className="py-4" />}
      {choices.isError && <Alert className="mt-2">{errorMessage(choices.error, "Failed to load your senders")}</Alert>}
      {choices.data && choices.data.length === 0 && (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          None yet. The delivery log offers &quot;Treat as newsletter&quot; and &quot;Always forward&quot; for each message.
        </p>
      )}
      {choices.data && choices.data.length > 0 && (
        <ul aria-label="Your choices per sender" className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {choices.data.map((item) => (
            <li key={item.sender} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 text-sm wrap-anywhere text-slate-800 dark:text-slate-200">
                {item.sender} · {item.choice ? CHOICE_LABELS[item.choice] : ""}
              </span>
              <button
                type="button"
                onClick={() => forget(item.sender)}
                disabled={choose.isPending}
                aria-label={`Let Paperboy sort mail from ${item.sender} again`}
                className={buttonClass("secondary")}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <Alert tone={notice.tone} className="mt-3">
          {notice.text}
        </Alert>
      )}
    </section>
  );
}
