"use client";

import { useEffect, useRef, useState } from "react";
import { takeEarlyKeys } from "./early-keys";
import { readerAction, type ReaderAction } from "./reader-keys";
import { lazyComponent } from "../ui/lazy-component";

// Opened by `?`, never at first paint: fetched then, not with the feed or the issue (issue 34's budget).
const ShortcutsDialog = lazyComponent(() => import("./shortcuts-dialog").then((module) => module.ShortcutsDialog));

/** What a key does on this page; what it answers (if anything) is announced to screen readers. */
export type ReaderHandlers = Partial<Record<Exclude<ReaderAction, "help">, () => string | void | Promise<string | void>>>;

const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"], dialog[open]';

/**
 * The feed's and issue page's keyboard (docs/contract.md 6.6): listens on the document, says what changed
 * in a live region, and opens the list of shortcuts on `?`. A page passes only the handlers it can
 * serve right now, so a key pressed while it is still loading does nothing.
 */
export function ReaderKeys({ handlers }: { handlers: ReaderHandlers }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [message, setMessage] = useState("");
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    // The same words twice in a row are still news: a trailing space makes the region change.
    const announce = (text: string) => setMessage((previous) => (previous === text ? `${text}\u00a0` : text));
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const action = readerAction(event, target, document.querySelector(OPEN_DIALOG) !== null);
      if (action === "help") {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      void Promise.resolve(handler()).then((said) => {
        if (said) announce(said);
      });
    };
    document.addEventListener("keydown", onKey);
    // Keys pressed before the scripts ran act once the page has settled into the browser's state (what only the
    // browser knows, such as speech, is not there in the first render), in the order they were pressed.
    const early = takeEarlyKeys();
    const replay = early.length > 0 ? setTimeout(() => early.forEach(onKey)) : undefined;
    return () => {
      clearTimeout(replay);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <>
      {/* A live region without the status role: always there (so the first words are heard), it is no loading indicator. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {message}
      </p>
      {helpOpen && <ShortcutsDialog onClose={() => setHelpOpen(false)} />}
    </>
  );
}
