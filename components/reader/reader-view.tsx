"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Highlighter } from "../highlights/highlighter";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import type { ReaderArticle } from "./extract";
import { useReading } from "./reading-context";
import { FONT_SIZES, useReaderSettings, WIDTHS, type ReaderWidth } from "./reader-settings";
import { SPOKEN_HIGHLIGHT } from "./speech";

type Body = { emailId: number; subject: string; bodyHtml: string | null; bodyPlain: string | null };

const chip = (on: boolean) =>
  `rounded-md px-2.5 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
    on ? "bg-indigo-600 text-white dark:bg-indigo-500" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;

// The app's own typography for any article, whatever markup Readability kept.
const PROSE = [
  "mx-auto break-words font-serif leading-relaxed text-slate-800 dark:text-slate-200",
  "[&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:font-sans [&_h1]:text-[1.6em] [&_h1]:font-bold [&_h1]:leading-tight [&_h1]:text-slate-900 dark:[&_h1]:text-white",
  "[&_h2]:mb-3 [&_h2]:mt-6 [&_h2]:font-sans [&_h2]:text-[1.35em] [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:font-sans [&_h3]:text-[1.15em] [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold",
  "[&_p]:my-[0.9em] [&_ul]:my-[0.9em] [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-[0.9em] [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic dark:[&_blockquote]:border-slate-600",
  "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figcaption]:text-[0.85em] [&_figcaption]:text-slate-500",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_pre]:text-[0.85em] dark:[&_pre]:bg-slate-800",
  "[&_table]:my-4 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:p-1 [&_th]:p-1 [&_hr]:my-6 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-700",
].join(" ");

function ReaderSettingsBar() {
  const [settings, update] = useReaderSettings();
  const sizeIndex = FONT_SIZES.indexOf(settings.fontSize as (typeof FONT_SIZES)[number]);
  return (
    <div
      role="group"
      aria-label="Reader view settings"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3 dark:border-slate-800"
    >
      <div className="flex items-center gap-1" role="group" aria-label="Text size">
        <button
          type="button"
          className={chip(false)}
          aria-label="Smaller text"
          disabled={sizeIndex <= 0}
          onClick={() => update({ fontSize: FONT_SIZES[sizeIndex - 1] })}
        >
          A−
        </button>
        <span className="min-w-12 text-center text-sm tabular-nums text-slate-600 dark:text-slate-300" aria-live="polite">
          {settings.fontSize} px
        </span>
        <button
          type="button"
          className={chip(false)}
          aria-label="Larger text"
          disabled={sizeIndex >= FONT_SIZES.length - 1}
          onClick={() => update({ fontSize: FONT_SIZES[sizeIndex + 1] })}
        >
          A+
        </button>
      </div>
      <div className="flex items-center gap-1" role="group" aria-label="Line width">
        {(Object.keys(WIDTHS) as ReaderWidth[]).map((width) => (
          <button
            key={width}
            type="button"
            className={chip(settings.width === width)}
            aria-pressed={settings.width === width}
            onClick={() => update({ width })}
          >
            {WIDTHS[width].label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The main text alone, in the app's typography at the reader's size and width (docs/contract.md 7.3). */
export function ReaderView({ emailId, subject, bodyHtml, bodyPlain }: Body) {
  const { setArticle } = useReading();
  // Selecting text here offers a highlight, as it does in the original.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const setArticleRoot = useCallback(
    (element: HTMLDivElement | null) => {
      setArticle(element);
      setRoot(element);
    },
    [setArticle],
  );
  const [settings] = useReaderSettings();
  const [article, setExtracted] = useState<ReaderArticle | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // Readability and DOMPurify load only when reader view is first asked for.
    import("./extract")
      .then(({ extractArticle }) => live && setExtracted(extractArticle(bodyHtml, bodyPlain)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [bodyHtml, bodyPlain]);

  return (
    <section
      aria-label="Reader view"
      className="rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <style
        href="reader-listen"
        precedence="default"
      >{`::highlight(${SPOKEN_HIGHLIGHT}){background-color:rgb(253 224 71 / .55);color:inherit}`}</style>
      <ReaderSettingsBar />
      {failed ? (
        <Alert>Reader view could not be shown.</Alert>
      ) : article === null ? (
        <Spinner label="Loading reader view..." className="py-16" />
      ) : (
        <div ref={wrapper} className="relative">
          <div
            ref={setArticleRoot}
            aria-label={`Reader view of ${subject}`}
            role="article"
            className={`${PROSE} pt-2`}
            style={{ fontSize: `${settings.fontSize}px`, maxWidth: WIDTHS[settings.width].maxWidth }}
            dangerouslySetInnerHTML={{ __html: article.html }}
          />
          <Highlighter emailId={emailId} root={root} wrapper={wrapper} />
        </div>
      )}
    </section>
  );
}
