"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { Email } from "@/lib/client/issues";
import { emailKeys } from "@/lib/client/query-keys";
import { useArrivals } from "@/lib/client/live";
import { buttonClass } from "../ui/button";

export type NewIssuesProps = {
  /** The issues on screen, and when their list was fetched: what arrived since and is not among them is new. */
  shown: Email[];
  fetchedAt: number;
  /** Brings the reader to the page where new issues land. */
  toFirstPage: () => void;
};

/** The button of NewIssues, there while issues arrived that the feed does not show: a click brings them in. */
export function NewIssuesButton({ shown, fetchedAt, toFirstPage }: NewIssuesProps) {
  const queryClient = useQueryClient();
  const shownIds = new Set(shown.map((email) => email.id));
  const count = useArrivals().filter(({ email, at }) => email.kind === "issue" && at > fetchedAt && !shownIds.has(email.id)).length;
  if (count === 0) return null;
  const bringIn = () => {
    toFirstPage();
    void queryClient.invalidateQueries({ queryKey: emailKeys.lists() });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  return (
    <button type="button" onClick={bringIn} className={buttonClass("primary", "rounded-full shadow-lg")}>
      {count === 1 ? "1 new issue" : `${count} new issues`}
    </button>
  );
}
