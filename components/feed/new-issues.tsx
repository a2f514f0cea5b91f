"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { Email } from "@/lib/client/issues";
import { emailKeys } from "@/lib/client/query-keys";
import { useArrivals } from "@/lib/client/live";
import { buttonClass } from "../ui/button";

type Props = {
  /** The issues on screen, and when their list was fetched: what arrived since and is not among them is new. */
  shown: Email[];
  fetchedAt: number;
  /** Brings the reader to the page where new issues land. */
  toFirstPage: () => void;
};

/**
 * "N new issues" at the top of the feed while issues arrived that it does not show: the list never
 * changes under a reader by itself; a click brings them in.
 */
export function NewIssues({ shown, fetchedAt, toFirstPage }: Props) {
  const queryClient = useQueryClient();
  const shownIds = new Set(shown.map((email) => email.id));
  const count = useArrivals().filter(({ email, at }) => email.kind === "issue" && at > fetchedAt && !shownIds.has(email.id)).length;
  const bringIn = () => {
    toFirstPage();
    void queryClient.invalidateQueries({ queryKey: emailKeys.lists() });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  return (
    // A live region from the start, so that its button is announced when it comes; out of the flow while empty.
    <div aria-live="polite" className={count > 0 ? "sticky top-3 z-20 flex justify-center" : "absolute"}>
      {count > 0 && (
        <button type="button" onClick={bringIn} className={buttonClass("primary", "rounded-full shadow-lg")}>
          {count === 1 ? "1 new issue" : `${count} new issues`}
        </button>
      )}
    </div>
  );
}
