"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { bodyInColours as BodyInColours } from "@/lib/theme/adapt-colours";
import { issueColours, settledBody, type IssueColours } from "@/lib/theme/issue-colours";
import { readerAction } from "../keyboard/reader-keys";
import { useTheme } from "../theme-toggle";
import { useOriginalColours } from "./use-original-colours";

/**
 * Scripts never run in the frame: no allow-scripts, and a CSP that forbids them as well.
 * Same-origin lets the page measure the content and catch link clicks.
 */
const SANDBOX = "allow-same-origin allow-popups allow-popups-to-escape-sandbox";

// Opened by this page, not the frame, so outside the sandbox: a javascript: link the sanitizer missed
// would run in a window of this origin wherever the browser lets a noopener window run it.
const OPENABLE = /^(?:https?|mailto):/i;

// Nothing of the sender's loads while reading: images and the style sheets' web fonts come through the
// app's image proxy (same origin) or as data: (inline cid: parts), styles only from the body itself, and
// no scripts or media.
const FRAME_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; media-src 'none'; script-src 'none'; object-src 'none'; frame-src 'none'; form-action 'none'";

// Substack's static tweets set pre-wrap on the whole tweet for the tweet's own line breaks, which then
// shows the markup's indentation too and wraps the text around the avatar in ragged columns.
const SENDER_FIXES = ".tweet a{white-space:normal!important}.tweet .tweet-text{white-space:pre-line}";
const LIGHT_PAGE = "body{color:#0f172a;background:#fff}";
const DARK_PAGE = ":root{color-scheme:dark}body{color:#e2e8f0;background:#0f172a}a{color:#93c5fd}";

function frameDocument(body: string, colours: IssueColours): string {
  const page = colours === "original" ? LIGHT_PAGE : DARK_PAGE;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank"><style>html,body{margin:0}body{padding:16px;font-family:ui-sans-serif,system-ui,sans-serif;overflow-wrap:anywhere;line-height:1.5}${page}img,video{max-width:100%;height:auto}table{max-width:100%}${SENDER_FIXES}</style></head><body>${body}</body></html>`;
}

/** Adapting colours to the dark theme takes a colour library: fetched when an issue is first shown so, not with every issue page. */
function useColourAdapter(wanted: boolean): typeof BodyInColours | null {
  const [adapter, setAdapter] = useState<typeof BodyInColours | null>(null);
  useEffect(() => {
    if (!wanted || adapter) return;
    let cancelled = false;
    void import("@/lib/theme/adapt-colours").then((module) => {
      if (!cancelled) setAdapter(() => module.bodyInColours);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, adapter]);
  return adapter;
}

function anchorOf(target: EventTarget | null): HTMLAnchorElement | null {
  let node = target as Node | null;
  while (node && node.nodeName !== "A") node = node.parentNode;
  return node as HTMLAnchorElement | null;
}

/**
 * An issue's HTML body, as tall as its content, with links opening in a new tab without opener. `onBody`
 * (a stable callback) gets the frame's body once loaded, for what the page adds to it (highlights), and null when it goes.
 */
export function EmailFrame({ html, title, onBody }: { html: string; title: string; onBody?: (body: HTMLElement | null) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(480);
  const theme = useTheme();
  const [originalChosen, chooseOriginal] = useOriginalColours();
  const colours = useMemo(() => issueColours(html, theme, originalChosen), [html, theme, originalChosen]);
  const adapter = useColourAdapter(colours === "adapted");
  // Adapted colours wait for their adapter: the frame is drawn once, in the colours it keeps.
  const source = useMemo(() => {
    if (colours !== "adapted") return frameDocument(settledBody(html, colours !== "original"), colours);
    return adapter ? frameDocument(adapter(html, colours), colours) : null;
  }, [html, colours, adapter]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let cleanup = () => {};
    const attach = () => {
      cleanup();
      const doc = element.contentDocument;
      if (!doc?.body) return;
      const onClick = (event: MouseEvent) => {
        const anchor = anchorOf(event.target);
        if (!anchor) return;
        event.preventDefault();
        const href = anchor.getAttribute("href") ?? "";
        if (!href || href.startsWith("#") || !OPENABLE.test(anchor.href)) return;
        window.open(anchor.href, "_blank", "noopener,noreferrer");
      };
      // A click in the issue moves focus into the frame, whose keys never reach the page: the reader's
      // shortcuts (docs/contract.md 6.6) are passed on to the page as if pressed on the frame itself.
      const onKey = (event: KeyboardEvent) => {
        const target = event.target && "closest" in event.target ? (event.target as Element) : null;
        if (!readerAction(event, target, false)) return;
        const passed = new KeyboardEvent("keydown", {
          key: event.key,
          code: event.code,
          shiftKey: event.shiftKey,
          bubbles: true,
          cancelable: true,
        });
        element.dispatchEvent(passed);
        if (passed.defaultPrevented) event.preventDefault();
      };
      const measure = () => setHeight(Math.max(doc.documentElement.scrollHeight, doc.body.scrollHeight));
      const observer = new ResizeObserver(measure);
      observer.observe(doc.documentElement);
      observer.observe(doc.body);
      doc.addEventListener("click", onClick);
      doc.addEventListener("keydown", onKey);
      measure();
      onBody?.(doc.body);
      cleanup = () => {
        onBody?.(null);
        observer.disconnect();
        doc.removeEventListener("click", onClick);
        doc.removeEventListener("keydown", onKey);
      };
    };
    element.addEventListener("load", attach);
    if (element.contentDocument?.readyState === "complete") attach();
    return () => {
      element.removeEventListener("load", attach);
      cleanup();
    };
  }, [source, onBody]);

  return (
    <>
      {theme === "dark" && (
        <div className="flex justify-end border-b border-slate-800 bg-slate-900 px-3 py-1.5">
          <button
            type="button"
            aria-pressed={originalChosen}
            onClick={() => chooseOriginal(!originalChosen)}
            className="rounded-md px-2 py-1 text-xs font-medium text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400 aria-pressed:bg-slate-700 aria-pressed:text-white"
          >
            Original colours
          </button>
        </div>
      )}
      {source === null ? (
        <div style={{ height }} className="bg-slate-900" />
      ) : (
        <iframe
          ref={frame}
          title={title}
          sandbox={SANDBOX}
          srcDoc={source}
          style={{ height }}
          className={`block w-full border-0 ${colours === "original" ? "bg-white" : "bg-slate-900"}`}
        />
      )}
    </>
  );
}

/** The plain-text body, kept readable: line breaks kept, long words wrapped. */
export function PlainBody({ text }: { text: string }) {
  return (
    <div className="whitespace-pre-wrap break-words rounded-xl bg-white p-4 text-[15px] leading-relaxed text-slate-800 dark:bg-slate-900 dark:text-slate-200">
      {text}
    </div>
  );
}
