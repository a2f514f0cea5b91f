"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAddComment, useIssueComments } from "@/lib/client/comments";
import { formatRelativeTime } from "@/lib/format/date";
import { buttonClass, inputClass } from "../ui/button";

const SCROLL_DELAY_MS = 100;

export function CommentsPanel({ emailId }: { emailId: number }) {
  const comments = useIssueComments(emailId);
  const add = useAddComment(emailId);
  const [draft, setDraft] = useState("");
  const section = useRef<HTMLElement>(null);

  // docs/spec.md: the comments scroll into view after 100 ms; only as far as needed, since at desktop width they
  // open at the top of the sticky sidebar, already where the reader is looking.
  useEffect(() => {
    const timer = window.setTimeout(() => section.current?.scrollIntoView({ block: "nearest" }), SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content) return;
    add.mutate(content, {
      onSuccess: () => setDraft(""),
      onError: (error) => console.error("Posting the comment failed", error),
    });
  };

  return (
    <section
      ref={section}
      aria-labelledby="comments-title"
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="comments-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
        Comments
      </h2>
      {comments.isPending ? (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          Loading comments...
        </p>
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          Error loading comments.
        </p>
      ) : comments.data.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No comments yet. Be the first to comment!</p>
      ) : (
        <ul aria-label="Comments" className="space-y-3">
          {comments.data.items.map((comment) => (
            <li key={comment.id} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-slate-900 dark:text-white">{comment.owner.username}</span>
                <time dateTime={comment.created_at} className="text-xs text-slate-500 dark:text-slate-400">
                  {formatRelativeTime(comment.created_at)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700 dark:text-slate-200">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 space-y-2">
        <label htmlFor="comment-input" className="sr-only">
          Add a comment
        </label>
        <textarea
          id="comment-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Add a comment..."
          rows={3}
          maxLength={5000}
          className={`${inputClass} resize-y`}
        />
        <div className="flex justify-end">
          <button type="submit" disabled={add.isPending || !draft.trim()} className={buttonClass("primary")}>
            {add.isPending ? "Submitting..." : "Submit"}
          </button>
        </div>
      </form>
    </section>
  );
}
