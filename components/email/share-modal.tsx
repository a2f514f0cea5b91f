"use client";

import { useEffect, useRef, useState } from "react";
import { buttonClass, inputClass } from "../ui/button";
import { CheckIcon, CopyIcon } from "../ui/icons";
import { Modal } from "../ui/modal";
import { shareLink, shareTargets } from "./share-links";

const COPIED_FOR_MS = 2_000;

/** Share options of docs/spec.md section 2 for one issue's public link. */
export function ShareModal({ subject, publicShareId, onClose }: { subject: string; publicShareId: string; onClose: () => void }) {
  const [link] = useState(() => shareLink(window.location.origin, publicShareId));
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copyLink = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(link);
      setCopy("copied");
      timer.current = window.setTimeout(() => setCopy("idle"), COPIED_FOR_MS);
    } catch {
      setCopy("failed");
    }
  };

  return (
    <Modal title="Share this issue" onClose={onClose}>
      <ul className="grid grid-cols-2 gap-2">
        {shareTargets(subject, link).map((target) => (
          <li key={target.label}>
            <a href={target.href} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "w-full")}>
              {target.label}
            </a>
          </li>
        ))}
      </ul>
      <label htmlFor="share-link" className="mt-5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Share link
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="share-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClass} min-w-0`}
        />
        <button type="button" onClick={copyLink} className={buttonClass(copy === "copied" ? "secondary" : "primary", "shrink-0")}>
          {copy === "copied" ? <CheckIcon /> : <CopyIcon />}
          <span aria-live="polite">{copy === "copied" ? "Copied!" : "Copy link"}</span>
        </button>
      </div>
      {copy === "failed" && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          Could not copy the link. Please copy it manually.
        </p>
      )}
    </Modal>
  );
}
