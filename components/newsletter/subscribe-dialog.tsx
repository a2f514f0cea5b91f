"use client";

import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Modal } from "../ui/modal";

type Props = {
  name: string;
  email: string;
  /** Whether the address is already on the clipboard. */
  copied: boolean;
  /** Whether the newsletter's sign-up page opened in a new tab. */
  opened: boolean;
  error: string | null;
  subscribing: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The subscribe flow's last step: sign up with the reader's address, then say "I've Subscribed". */
export function SubscribeDialog({ name, email, copied, opened, error, subscribing, onConfirm, onClose }: Props) {
  return (
    <Modal title={`Subscribe to ${name}`} onClose={onClose}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {copied ? "We copied your Paperboy address to the clipboard." : "Copy your Paperboy address."}{" "}
        {opened
          ? "Paste it into the sign-up form that opened in a new tab, then come back here."
          : `Sign up for ${name} with it, then come back here.`}
      </p>
      <p
        className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        data-testid="unique-email"
      >
        {email}
      </p>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass("ghost")}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm} disabled={subscribing} className={buttonClass("primary")}>
          {subscribing ? "Subscribing..." : "I've Subscribed"}
        </button>
      </div>
    </Modal>
  );
}
